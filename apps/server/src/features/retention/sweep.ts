import type { FastifyBaseLogger } from "fastify";
import { startPeriodicJob } from "../../lib/periodic-job.js";
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
  return startPeriodicJob(
    {
      name: "retention sweep",
      intervalMs,
      run: async () => ({ count: await retention.sweep(), done: "records past their retention period deleted" }),
    },
    log,
  );
}
