import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const API_PREFIXES = ["/api/", "/auth/", "/ws"];

/**
 * Serves the built React app: hashed assets cached for good, everything else revalidated (so the
 * service worker finds new versions), and any other GET page answered with index.html for the router.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return true;
}

export function isPageRequest(method: string, url: string): boolean {
  return method === "GET" && !API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
