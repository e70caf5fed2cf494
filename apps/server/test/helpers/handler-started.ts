import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { FastifyRequest } from "fastify";

/** Fastify publishes here as a route's handler begins: every onRequest…preHandler hook of that request has run. */
const HANDLER_START = "tracing:fastify.request.handler:start";

/**
 * Resolves once `count` requests that `matches` picks have reached their route's handler (their hooks,
 * a concurrency slot for one, are then taken). Call it before sending them.
 */
export function handlersStarted(count: number, matches: (request: FastifyRequest) => boolean): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const listener = (message: unknown) => {
      if (!matches((message as { request: FastifyRequest }).request)) return;
      seen += 1;
      if (seen < count) return;
      unsubscribe(HANDLER_START, listener);
      resolve();
    };
    subscribe(HANDLER_START, listener);
  });
}
