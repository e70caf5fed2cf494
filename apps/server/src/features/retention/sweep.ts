import type { FastifyBaseLogger } from "fastify";
import type { RetentionService } from "./service.js";

/**
 * Every `intervalMs` (RETENTION_SWEEP_SECONDS), deletes what each branch keeps no longer. Every process
 * sweeps; rows another process is deleting are skipped (locked), so each is deleted and counted once.
 * The returned function stops it and waits for a sweep in progress.
 */
export function startRetentionSweep(
  retention: RetentionService,
  intervalMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = retention
      .sweep()
      .then((count) => {
        if (count > 0) log.info({ count }, "records past their retention period deleted");
      })
      .catch((error: unknown) => log.error({ err: error }, "retention sweep failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
