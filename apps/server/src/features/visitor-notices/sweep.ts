import type { FastifyBaseLogger } from "fastify";
import type { VisitorNotices } from "./service.js";

/** Every `intervalMs`, deletes the subscriptions and addresses of business days that are over. The returned function stops it. */
export function startVisitorNoticeSweep(
  notices: VisitorNotices,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    notices
      .sweep()
      .then((count) => {
        if (count > 0) log.info({ count }, "visitor notice subscriptions of past days deleted");
      })
      .catch((error: unknown) => log.error({ err: error }, "visitor notice sweep failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
