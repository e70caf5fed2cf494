import type { FastifyBaseLogger } from "fastify";
import { startPeriodicJob } from "../../lib/periodic-job.js";
import type { VisitorNotices } from "./service.js";

/** Every `intervalMs`, deletes the subscriptions and addresses of business days that are over. The returned function stops it. */
export function startVisitorNoticeSweep(
  notices: VisitorNotices,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return startPeriodicJob(
    {
      name: "visitor notice sweep",
      intervalMs,
      run: async () => ({ count: await notices.sweep(), done: "visitor notice subscriptions of past days deleted" }),
    },
    log,
  );
}
