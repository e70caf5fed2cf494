import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
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
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    receptions
      .sweepAbandoned(new Date(clock.now().getTime() - maxAgeMs))
      .then((count) => {
        if (count > 0) log.info({ count }, "abandoned counter receptions deleted");
      })
      .catch((error: unknown) => log.error({ err: error }, "abandoned reception sweep failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
