import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.js";

/**
 * On SIGTERM or SIGINT: stop taking connections (/readyz and new requests get 503 while it drains),
 * let requests in flight finish, close the websockets with "restart" so screens reconnect, then close
 * the database. If draining takes longer than `timeoutMs`, the process ends anyway.
 */
export function stopGracefullyOnSignals(app: FastifyInstance, database: DatabaseHandle, timeoutMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, "shutdown took too long: exiting with requests still open");
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    try {
      await app.close();
      await database.close();
      app.log.info("shut down");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}
