import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";

/** Less than this in one window and the body is cut off: a phone on a poor line sends far more. */
const MIN_BYTES_PER_WINDOW = 1024;

class BodyTimeoutError extends AppError {
  constructor() {
    super(408, "通信が遅いため受信を中断しました。電波の良い場所でもう一度お試しください。");
  }
}

/**
 * A request body must keep arriving: one that brings less than 1 KB in `windowMs` is answered 408 and
 * its connection closed, so a client sending a byte now and then cannot hold a socket and an upload
 * slot. A body still arriving at a useful rate is never cut off, however long it takes. A window in
 * which the server itself has not read what came (a busy database) does not count against the client.
 */
export function registerSlowBodyGuard(app: FastifyInstance, windowMs: number): void {
  app.addHook("onRequest", (request, reply, done) => {
    const body = request.raw;
    if (body.complete || !(body.headers["content-length"] || body.headers["transfer-encoding"])) return done();
    const socket = body.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (body.complete || body.destroyed || reply.sent) return clearInterval(timer);
      const arrived = socket.bytesRead - seen;
      seen = socket.bytesRead;
      const unread = body.readableLength >= body.readableHighWaterMark;
      if (arrived >= MIN_BYTES_PER_WINDOW || unread) return;
      clearInterval(timer);
      request.log.info("request body too slow: cut off");
      void reply.header("connection", "close");
      // failing the body stream lets whoever reads it (JSON or multipart) answer through the error handler
      body.emit("error", new BodyTimeoutError());
    }, windowMs);
    timer.unref();
    reply.raw.once("close", () => clearInterval(timer));
    done();
  });
}
