import { RECEPTION_NOT_FOUND_MESSAGE, type Reception } from "@pharmacy/contract/receptions";
import type { Db, ReceptionRow } from "../../db/schema.js";
import { NotFoundError } from "../../lib/errors.js";
import type { Actor } from "../../lib/actor.js";
import { toReception } from "./mapping.js";
import { prescriptionsOf } from "./prescription-repository.js";
import * as repo from "./repository.js";

/** A counter kiosk touches only the receptions its own flow made, and only until they are confirmed. */
export function mayTouch(actor: Actor, row: ReceptionRow): boolean {
  return actor.role !== "counter" || (row.device_id === actor.id && row.confirmed_at === null);
}

export async function liveForUpdate(trx: Db, actor: Actor, id: string): Promise<ReceptionRow> {
  const row = await repo.findLiveReception(trx, actor.pharmacyId, id, true);
  if (!row || !mayTouch(actor, row)) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
  return row;
}

export async function liveReception(db: Db, pharmacyId: string, id: string): Promise<Reception> {
  const row = await repo.findLiveReception(db, pharmacyId, id);
  if (!row) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
  return withPrescriptions(db, row);
}

export async function withPrescriptions(db: Db, row: ReceptionRow): Promise<Reception> {
  const [prescriptions, photoRequests] = await Promise.all([prescriptionsOf(db, [row.id]), repo.latestPhotoRequests(db, [row.id])]);
  return toReception(row, prescriptions, photoRequests.get(row.id));
}
