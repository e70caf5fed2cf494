import { RECEPTION_NOT_FOUND_MESSAGE, type Reception } from "@pharmacy/contract/receptions/receptions";
import type { Db, ReceptionRow } from "../../db/schema.js";
import { NotFoundError } from "../../lib/errors.js";
import type { Actor } from "../../lib/actor.js";
import { toReception } from "./mapping.js";
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

/** A live reception with its prescriptions and latest photo request, in one query; a counter kiosk's only as `mayTouch` allows. */
export async function liveReception(db: Db, pharmacyId: string, id: string, actor?: Actor): Promise<Reception> {
  const row = await db
    .selectFrom("receptions")
    .selectAll("receptions")
    .select((eb) => repo.receptionDetails(eb))
    .where("receptions.id", "=", id)
    .where("receptions.pharmacy_id", "=", pharmacyId)
    .where("receptions.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row || (actor && !mayTouch(actor, row))) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
  return toReception(row, row.prescriptions, row.photo_request);
}
