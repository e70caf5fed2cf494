/**
 * Abandoned counter receptions (a patient who walked away from the kiosk): the one transaction that
 * deletes them, run by the sweep (abandoned-sweep.ts) through the reception service.
 */
import type { Actor } from "../../lib/actor.js";
import { receptionTarget } from "./audit-target.js";
import { changeOf } from "./reception-change.js";
import * as repo from "./repository.js";
import type { ReceptionServiceDeps } from "./service-deps.js";

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
