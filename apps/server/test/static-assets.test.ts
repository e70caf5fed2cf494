import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

const precompressScript = path.resolve(import.meta.dirname, "../../web/scripts/precompress.mjs");
const script = `console.log(${JSON.stringify("受付".repeat(2000))});`;

/** A GET that shows the bytes as sent (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

let server: TestServer;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(os.tmpdir(), "pharmacy-dist-"));
  await mkdir(path.join(dist, "assets"), { recursive: true });
  await writeFile(
    path.join(dist, "index.html"),
    `<!doctype html><title>薬局受付</title><div id=root></div>${"<!-- -->".repeat(300)}`,
  );
  await writeFile(path.join(dist, "assets", "index-abc123.js"), script);
  await writeFile(
    path.join(dist, "sw.js"),
    `self.__WB_MANIFEST=${JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ url: `assets/chunk-${i}.js` })))};`,
  );
  execFileSync(process.execPath, [precompressScript, dist]);
  server = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(() => server.close());

describe("static files", () => {
  it("sends the build's brotli copy to a client that accepts brotli", async () => {
    const response = await rawGet(`${server.baseUrl}/assets/index-abc123.js`, {
      "accept-encoding": "gzip, deflate, br",
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.headers.vary).toContain("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it("sends the gzip copy to a client without brotli, and the plain file to one that accepts neither", async () => {
    const gzip = await rawGet(`${server.baseUrl}/assets/index-abc123.js`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await rawGet(`${server.baseUrl}/assets/index-abc123.js`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(plain.body.toString()).toBe(script);
  });

  it("compresses the page the router answers for any path, and keeps it revalidated", async () => {
    const response = await rawGet(`${server.baseUrl}/settings/branch-info/`, { "accept-encoding": "br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(response.body).toString()).toContain("<div id=root>");
  });

  it("answers the service worker's update check with 304 while nothing changed", async () => {
    const first = await rawGet(`${server.baseUrl}/sw.js`, { "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await rawGet(`${server.baseUrl}/sw.js`, { "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const byDate = await rawGet(`${server.baseUrl}/sw.js`, {
      "accept-encoding": "br",
      "if-modified-since": first.headers["last-modified"]!,
    });
    expect(byDate.status).toBe(304);
  });
});
