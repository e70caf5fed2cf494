/**
 * The sweep of abandoned counter receptions (a patient who walked away from the kiosk): the periodic
 * job every process runs, and the one transaction that deletes them.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { startPeriodicJob } from "../../lib/periodic-job.js";
import type { Actor } from "../../lib/actor.js";
import { receptionTarget } from "./audit-target.js";
import { changeOf } from "./reception-change.js";
import * as repo from "./repository.js";
import type { ReceptionService, ReceptionServiceDeps } from "./service.js";

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

/**
 * Deletes the counter receptions left unconfirmed since before `olderThan`, as abandoned; their
 * numbers stay used. Rows another process is sweeping are skipped. How many went.
 */
export async function sweepAbandonedReceptions(
  deps: Pick<ReceptionServiceDeps, "clock" | "unitOfWork" | "audit">,
  olderThan: Date,
): Promise<number> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async (work) => {
    const trx = work.db;
    const rows = await repo.lockUnconfirmedBefore(trx, olderThan);
    for (const row of rows) {
      const actor: Actor = { pharmacyId: row.pharmacy_id, name: SYSTEM_ACTOR_NAME, type: "system" };
      await repo.updateReception(trx, row.id, { deleted_at: now, updated_at: now });
      await repo.appendAudit(trx, {
        pharmacyId: row.pharmacy_id,
        receptionId: row.id,
        action: "abandoned",
        actor: actor.name,
        at: now,
        before: { receptionNumber: row.reception_number, partitionNumber: row.partition_number, status: row.status },
      });
      await deps.audit.record(
        work,
        actor,
        "abandoned",
        receptionTarget(row.id, row.reception_number, row.partition_number),
      );
      work.announce(changeOf(actor, "reception.deleted", row.id));
    }
    return rows.length;
  });
}

/** The server's own name in a reception's history (the abandoned-reception sweep). */
const SYSTEM_ACTOR_NAME = "システム";
