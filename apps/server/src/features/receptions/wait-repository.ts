import { sql, type SelectQueryBuilder } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Database, Db } from "../../db/schema.js";

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
export async function countAhead(
  db: Db,
  pharmacyId: string,
  businessDate: string,
  receptionNumber: number,
): Promise<number> {
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

/**
 * Everything the calling display's board is made of, as columns of one query: its rows, the pace's
 * completions, the numbers today used among the earlier days' (`withDay`) and the branch's name. Times
 * come as text, being JSON.
 */
export function boardColumns(db: Db, { pharmacyId, today, since, pharmacyName }: BoardQuery) {
  return [
    jsonArrayFrom(
      db
        .selectFrom("receptions as b")
        .select(["b.business_date", "b.reception_number", "b.partition_number", "b.status", "b.answers", "b.called_at"])
        .where("b.pharmacy_id", "=", pharmacyId)
        .where("b.deleted_at", "is", null)
        .where("b.handed_over_at", "is", null)
        .where("b.business_date", "<=", today)
        .where("b.confirmed_at", "is not", null)
        .orderBy("b.business_date")
        .orderBy("b.reception_number")
        .orderBy("b.partition_number"),
    ).as("board_rows"),
    jsonArrayFrom(
      db
        .selectFrom("receptions as c")
        .select([(inner) => inner.fn.coalesce("c.confirmed_at", "c.created_at").as("confirmed_at"), "c.completed_at"])
        .where("c.pharmacy_id", "=", pharmacyId)
        .where("c.deleted_at", "is", null)
        .where("c.completed_at", ">=", since)
        .orderBy("c.completed_at", "desc")
        .limit(50),
    ).as("board_completions"),
    jsonArrayFrom(
      db
        .selectFrom("receptions as u")
        .select("u.reception_number")
        .distinct()
        .where("u.pharmacy_id", "=", pharmacyId)
        .where("u.business_date", "=", today)
        .where("u.reception_number", "in", (inner) =>
          inner
            .selectFrom("receptions as e")
            .select("e.reception_number")
            .where("e.pharmacy_id", "=", pharmacyId)
            .where("e.deleted_at", "is", null)
            .where("e.handed_over_at", "is", null)
            .where("e.business_date", "<", today),
        ),
    ).as("board_used_today"),
    pharmacyName.as("board_pharmacy_name"),
  ] as const;
}

export interface BoardQuery {
  pharmacyId: string;
  today: string;
  /** The wait pace's completions are those since then. */
  since: Date;
  /** The pharmacy feature's query of the branch's name. */
  pharmacyName: SelectQueryBuilder<Database, "pharmacies", { name: string }>;
}

/** The board's columns as a query of their own (the display's GET). */
export function boardData(db: Db, query: BoardQuery) {
  return db.selectNoFrom(boardColumns(db, query)).executeTakeFirstOrThrow();
}

/** The other live receptions of a household (docs/rules.md#family), by number: what its status links show. */
export function householdOthers(db: Db, pharmacyId: string, householdId: string, receptionId: string) {
  return db
    .selectFrom("receptions")
    .select(["reception_number", "partition_number", "business_date", "status", "called_at", "handed_over_at"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("household_id", "=", householdId)
    .where("id", "!=", receptionId)
    .where("deleted_at", "is", null)
    .orderBy("reception_number")
    .orderBy("partition_number")
    .execute();
}
