import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's headers with a strict content security policy, on every response. The middleware is built
 * once: @fastify/helmet builds it again on every request, a tenth of the day list's time under load.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
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
  });
  app.addHook("onRequest", (request, reply, done) => applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}
