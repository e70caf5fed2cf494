import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { makeReception } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

/** The day list as sent on the wire (fetch would decode it). */
function rawList(acceptEncoding?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${ctx.account.idToken}` };
    if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
    http
      .get(`${ctx.server.baseUrl}/api/reception`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("day list encoding", () => {
  it("sends the day list brotli- or gzip-compressed to clients that accept it, the same list either way", async () => {
    for (let i = 0; i < 6; i++) await makeReception(ctx.server, ctx.account);
    const plain = await rawList();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    expect(JSON.parse(plain.body.toString()).total).toBe(6);

    const brotli = await rawList("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await rawList("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("never sends a compressed copy of a list that has changed since", async () => {
    const before = JSON.parse(brotliDecompressSync((await rawList("br")).body).toString());
    await makeReception(ctx.server, ctx.account);
    const after = JSON.parse(brotliDecompressSync((await rawList("br")).body).toString());
    expect(after.total).toBe(before.total + 1);
  });
});
