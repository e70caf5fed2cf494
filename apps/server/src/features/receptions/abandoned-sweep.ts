/**
 * The sweep of abandoned counter receptions (a patient who walked away from the kiosk): the periodic
 * job every process runs; abandoned-receptions.ts deletes them.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { startPeriodicJob } from "../../lib/periodic-job.js";
import type { ReceptionService } from "./service.js";

/**
 * Looks every `intervalMs` for counter receptions still unconfirmed after `maxAgeMs` (a patient who
 * walked away) and deletes them as abandoned. Every process sweeps; locked rows are skipped, so each
 * reception goes once. The returned function stops it.
 */
export function startAbandonedSweep(
  receptions: ReceptionService,
  clock: Clock,
  { intervalMs, maxAgeMs }: { intervalMs: number; maxAgeMs: number },
  log: FastifyBaseLogger,
): () => Promise<void> {
  return startPeriodicJob(
    {
      name: "abandoned reception sweep",
      intervalMs,
      run: async () => ({
        count: await receptions.sweepAbandoned(new Date(clock.now().getTime() - maxAgeMs)),
        done: "abandoned counter receptions deleted",
      }),
    },
    log,
  );
}
