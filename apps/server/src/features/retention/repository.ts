import { sql } from "kysely";
import type { RetentionKind } from "@pharmacy/contract/retention/retention";
import type { Db } from "../../db/schema.js";

/**
 * The SQL of records kept and deleted. The periods are this feature's table; the rest deletes or
 * empties rows of the other features' tables, which is this feature's one job (README.md). What a
 * service owns beyond its rows (file bytes, open follow-ups, contacts) goes through that service.
 */

export async function storedPeriods(db: Db, pharmacyId: string): Promise<Map<RetentionKind, number>> {
  const rows = await db
    .selectFrom("retention_periods")
    .select(["kind", "days"])
    .where("pharmacy_id", "=", pharmacyId)
    .execute();
  return new Map(rows.map((row) => [row.kind, row.days]));
}

export async function savePeriods(
  db: Db,
  pharmacyId: string,
  periods: { kind: RetentionKind; days: number }[],
  at: Date,
): Promise<void> {
  await db
    .insertInto("retention_periods")
    .values(
      periods.map((period) => ({ pharmacy_id: pharmacyId, kind: period.kind, days: period.days, updated_at: at })),
    )
    .onConflict((conflict) =>
      conflict.columns(["pharmacy_id", "kind"]).doUpdateSet((eb) => ({
        days: eb.ref("excluded.days"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

export async function pharmacyIds(db: Db): Promise<string[]> {
  return (await db.selectFrom("pharmacies").select("id").execute()).map((row) => row.id);
}

export interface ReceptionRef {
  id: string;
  reception_number: number;
  partition_number: number;
}

export const SWEEP_BATCH = 200;

/** Handed over before `cutoff` with photos or code data still kept, locked (another process skips them). */
export function lockHandedOverWithPhotos(db: Db, pharmacyId: string, cutoff: Date): Promise<ReceptionRef[]> {
  return db
    .selectFrom("receptions")
    .select(["id", "reception_number", "partition_number"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("handed_over_at", "is not", null)
    .where("handed_over_at", "<", cutoff)
    .where("photos_deleted_at", "is", null)
    .orderBy("handed_over_at")
    .limit(SWEEP_BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Deleted (or abandoned) by `cutoff` (the photos' is now), with `column` not yet done, locked. */
export function lockDeleted(
  db: Db,
  pharmacyId: string,
  cutoff: Date,
  column: "photos_deleted_at" | "personal_data_deleted_at",
): Promise<ReceptionRef[]> {
  return db
    .selectFrom("receptions")
    .select(["id", "reception_number", "partition_number"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is not", null)
    .where("deleted_at", "<=", cutoff)
    .where(column, "is", null)
    .orderBy("deleted_at")
    .limit(SWEEP_BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Receptions of the branch with a visitor's contact still kept (push, mail, LINE not kept for care). */
export function receptionsWithContacts(db: Db, pharmacyId: string) {
  return db
    .selectFrom("receptions")
    .select(["id", "business_date", "answers"])
    .where("pharmacy_id", "=", pharmacyId)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom("push_subscriptions").select("id").whereRef("reception_id", "=", "receptions.id")),
        eb.exists(
          eb.selectFrom("visitor_mail_addresses").select("email").whereRef("reception_id", "=", "receptions.id"),
        ),
        eb.exists(
          eb
            .selectFrom("line_links")
            .select("line_user_id")
            .whereRef("reception_id", "=", "receptions.id")
            .where("kept_for_care", "=", false),
        ),
        eb.exists(eb.selectFrom("line_link_codes").select("code_hash").whereRef("reception_id", "=", "receptions.id")),
      ]),
    )
    .execute();
}

/** The photos' ids of the receptions; their prescriptions let go of them and of the code data read. */
export async function unlinkPhotos(db: Db, receptionIds: string[], at: Date): Promise<string[]> {
  if (receptionIds.length === 0) return [];
  const files = await db
    .selectFrom("prescriptions")
    .select("file_id")
    .where("reception_id", "in", receptionIds)
    .where("file_id", "is not", null)
    .execute();
  await db
    .updateTable("prescriptions")
    .set({
      file_id: null,
      code_symbols: null,
      code_status: null,
      rx: null,
      medication_record: null,
      prescription_copy: null,
    })
    .where("reception_id", "in", receptionIds)
    .execute();
  await db.updateTable("receptions").set({ photos_deleted_at: at }).where("id", "in", receptionIds).execute();
  return [...new Set(files.map((row) => row.file_id!))];
}

/**
 * Everything personal the receptions' own tables hold: name, phone, answers, note, the status link, the
 * 引換番号, a photo request's message and the details of its history (which copy names and answers).
 */
export async function emptyPersonalFields(db: Db, receptionIds: string[], at: Date): Promise<void> {
  if (receptionIds.length === 0) return;
  await db
    .updateTable("receptions")
    .set({
      patient_name: null,
      phone: null,
      note: null,
      answers: JSON.stringify({}),
      status_token: null,
      status_token_hash: null,
      status_token_sealed: null,
      personal_data_deleted_at: at,
    })
    .where("id", "in", receptionIds)
    .execute();
  await db
    .updateTable("prescriptions")
    .set({ exchange_number: null })
    .where("reception_id", "in", receptionIds)
    .execute();
  await db.updateTable("photo_requests").set({ message: null }).where("reception_id", "in", receptionIds).execute();
  await db
    .updateTable("reception_audit")
    .set({ before: null, after: null })
    .where("reception_id", "in", receptionIds)
    .execute();
}

/** Follow-ups whose last activity was before `cutoff`: deleted with their answers; how many. */
export async function deleteFollowUpsBefore(db: Db, pharmacyId: string, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom("follow_ups")
    .where("pharmacy_id", "=", pharmacyId)
    .where(sql<Date>`coalesce(closed_at, answered_at, sent_at, created_at)`, "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The audit log's entries and the receptions' history entries recorded before `cutoff`; how many. */
export async function deleteAuditBefore(db: Db, pharmacyId: string, cutoff: Date): Promise<number> {
  const log = await db
    .deleteFrom("audit_log")
    .where("pharmacy_id", "=", pharmacyId)
    .where("at", "<", cutoff)
    .executeTakeFirst();
  const history = await db
    .deleteFrom("reception_audit")
    .where("pharmacy_id", "=", pharmacyId)
    .where("at", "<", cutoff)
    .executeTakeFirst();
  return Number(log.numDeletedRows) + Number(history.numDeletedRows);
}
