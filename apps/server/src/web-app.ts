import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const API_PREFIXES = ["/api/", "/auth/", "/ws"];

/**
 * Serves the built React app: the build's .br/.gz copies to clients that accept them (never compressed
 * per request), hashed assets cached for good, everything else revalidated (so the service worker's
 * update check is a 304), and any other GET page answered with its entry's HTML: the patient pages
 * (/web/…) with public.html and the sign-in (/login/) with login.html, the two light entries, and
 * everything else with the staff app's index.html.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    // One route for every file, looked up on disk per request: a route per file (the build has about
    // 170) made each start list the folder and build the route table. A path with no file falls to the
    // not-found handler, which answers pages with their entry's HTML.
    wildcard: true,
    index: false,
    cacheControl: false,
    // the .br/.gz copy beside the file when the client accepts it
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader("Vary", "Accept-Encoding");
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return true;
}

const PATIENT_PAGES_PREFIX = "/web/";
const LOGIN_PAGE = /^\/login\/?(\?|$)/;

/** The HTML file that starts the app for a page path: the two light entries, or the staff app. */
export function pageEntryOf(url: string): "public.html" | "login.html" | "index.html" {
  if (url.startsWith(PATIENT_PAGES_PREFIX)) return "public.html";
  return LOGIN_PAGE.test(url) ? "login.html" : "index.html";
}

export function isPageRequest(method: string, url: string): boolean {
  return method === "GET" && !API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
