import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * What a JSON answer needs (OWASP's REST Security Cheat Sheet): nothing in it may load or run, and no
 * page may frame it. Helmet's other headers only mean something to a page.
 */
const API_HEADER_NAMES = [
  "x-content-type-options",
  "strict-transport-security",
  "cross-origin-resource-policy",
  "referrer-policy",
];
const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

/**
 * Helmet's headers with a strict content security policy on pages, and their part that applies to an
 * API answer on the calls under `apiPrefixes` (except `pagePrefixes`). They are the same on every
 * response (no nonce), so helmet runs once at start and each request gets the recorded headers
 * through Fastify: running its middleware per request (thirteen setHeader calls) was a tenth of the
 * day list's time under load, and setting all thirteen on every answer still cost the day list 8 %
 * of its CPU time.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { apiPrefixes, pagePrefixes }: { apiPrefixes: string[]; pagePrefixes: string[] },
): void {
  const pageHeaders = recordedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The patient page's code reader is WebAssembly (zxing-wasm): compiling it needs this, not eval.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // antd writes its CSS-in-JS into <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          connectSrc: ["'self'", "ws:", "wss:"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const apiHeaders = {
    ...Object.fromEntries(API_HEADER_NAMES.map((name) => [name, pageHeaders[name]!])),
    "content-security-policy": API_CONTENT_SECURITY_POLICY,
  };
  const isApiCall = (url: string) =>
    apiPrefixes.some((prefix) => url.startsWith(prefix)) && !pagePrefixes.some((prefix) => url.startsWith(prefix));
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiCall(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a middleware sets, by running it once against a response that only records them. */
function recordedHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  // a middleware that waited for something, or read the request, would not give the same headers every time
  if (!finished || Object.keys(headers).length === 0)
    throw new Error("the security headers could not be recorded once");
  return headers;
}
