import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's headers with a strict content security policy, on every response. They are the same on
 * every response (no nonce), so helmet runs once at start and each request gets the recorded headers
 * through Fastify: running its middleware per request (thirteen setHeader calls) was a tenth of the
 * day list's time under load.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = recordedHeaders(
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
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
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
  if (!finished || Object.keys(headers).length === 0) throw new Error("the security headers could not be recorded once");
  return headers;
}
