import { sql } from "kysely";
import type { Db } from "../../db/schema.js";

/**
 * The confirmed receptions up to `today` not handed over, of which the calling display shows today's and
 * the carried ones (across-days.ts). From the open-reception index; numbers, times and the answers that
 * decide the pickup day, never shown.
 */
export function boardRows(db: Db, pharmacyId: string, today: string) {
  return db
    .selectFrom("receptions")
    .select(["business_date", "reception_number", "partition_number", "status", "answers", "called_at", "completed_at"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is", null)
    .where("handed_over_at", "is", null)
    .where("business_date", "<=", today)
    .where("confirmed_at", "is not", null)
    .orderBy("business_date")
    .orderBy("reception_number")
    .orderBy("partition_number")
    .execute();
}

/** The branch's receptions Completed since `since`: the pace of the wait estimate. */
export function completionsSince(db: Db, pharmacyId: string, since: Date) {
  return db
    .selectFrom("receptions")
    .select([(eb) => eb.fn.coalesce("confirmed_at", "created_at").as("confirmed_at"), "completed_at"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is", null)
    .where("completed_at", ">=", since)
    .orderBy("completed_at", "desc")
    .limit(50)
    .execute();
}

/** Unfinished confirmed reception numbers of the day before `receptionNumber` (a split number counts once). */
export async function countAhead(db: Db, pharmacyId: string, businessDate: string, receptionNumber: number): Promise<number> {
  const row = await db
    .selectFrom("receptions")
    .select(sql<string>`count(distinct reception_number)`.as("n"))
    .where("pharmacy_id", "=", pharmacyId)
    .where("business_date", "=", businessDate)
    .where("deleted_at", "is", null)
    .where("completed_at", "is", null)
    .where("confirmed_at", "is not", null)
    .where("reception_number", "<", receptionNumber)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
