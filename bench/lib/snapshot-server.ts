import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pageEntryOf } from "../../apps/server/src/web-app.js";

/**
 * The reference of the Lighthouse bench: the same built files and the same API answers (recorded from
 * the real server in the same run) served by a bare node:http server, precompressed copies included.
 * What the page scores here is what its bytes allow; the gap to the real server is the server's.
 */
export async function startSnapshotServer(
  distDir: string,
  apiAnswers: ReadonlyMap<string, string>,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://snapshot");
    const answer = apiAnswers.get(url.pathname);
    if (answer !== undefined) {
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(answer);
      return;
    }
    let file = path.join(distDir, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ""));
    if (!existsSync(file) || url.pathname.endsWith("/"))
      file = path.join(distDir, pageEntryOf(url.pathname + url.search));
    const headers: Record<string, string> = {
      "content-type": types[path.extname(file)] ?? "application/octet-stream",
      vary: "Accept-Encoding",
    };
    if (url.pathname.startsWith("/assets/")) headers["cache-control"] = "public, max-age=31536000, immutable";
    if (/\bbr\b/.test(String(request.headers["accept-encoding"])) && existsSync(`${file}.br`)) {
      headers["content-encoding"] = "br";
      file = `${file}.br`;
    }
    response.writeHead(200, headers).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("snapshot server has no port");
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
