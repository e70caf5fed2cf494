import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import type { CreatePhotoRequestInput } from "@pharmacy/contract/receptions/photo-requests";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { HistoryAction } from "@pharmacy/contract/receptions/receptions";
import type { ReceptionChannel, ReceptionStatus } from "@pharmacy/contract/shared/enums";
import type { AuditDetails, Database, Db, PhotoRequestTable, ReceptionRow } from "../../db/schema.js";
import { hashToken } from "../../lib/token-hash.js";

export interface ReceptionKey {
  pharmacyId: string;
  businessDate: string;
  receptionNumber: number;
}

/**
 * The day's next number once numbering of that day has begun, else undefined (then
 * `allocateReceptionNumber` starts it). One round trip without reading the start number: every
 * reception but the first of a day is numbered so.
 */
export async function nextReceptionNumber(
  trx: Db,
  pharmacyId: string,
  businessDate: string,
): Promise<number | undefined> {
  const row = await trx
    .updateTable("reception_counters")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("pharmacy_id", "=", pharmacyId)
    .where("business_date", "=", businessDate)
    .returning("last_number")
    .executeTakeFirst();
  return row?.last_number;
}

/**
 * Hands out the day's next number inside the caller's transaction: the counter row stays locked
 * until commit, so concurrent creates queue on it and numbers come out unique and without gaps.
 */
export async function allocateReceptionNumber(
  trx: Db,
  pharmacyId: string,
  businessDate: string,
  startNumber: number,
): Promise<number> {
  const row = await sql<{ last_number: number }>`
    insert into reception_counters (pharmacy_id, business_date, last_number)
    values (${pharmacyId}, ${businessDate}, ${startNumber})
    on conflict (pharmacy_id, business_date)
    do update set last_number = reception_counters.last_number + 1
    returning last_number`.execute(trx);
  return row.rows[0]!.last_number;
}

/** Whether numbering of that business day has begun (a number was handed out, even if since deleted). */
export async function hasNumberingStarted(db: Db, pharmacyId: string, businessDate: string): Promise<boolean> {
  const row = await db
    .selectFrom("reception_counters")
    .select("last_number")
    .where("pharmacy_id", "=", pharmacyId)
    .where("business_date", "=", businessDate)
    .executeTakeFirst();
  return row !== undefined;
}

type WaitColumns = "completed_at" | "called_at" | "handed_over_at";
/** Columns the database fills when an insert leaves them out. */
type DefaultedColumns = WaitColumns | "patient_language";
type StatusTokenColumns = "status_token" | "status_token_hash" | "status_token_sealed";
/** Set only when a reception's records are deleted (features/retention). */
type DeletionColumns = "photos_deleted_at" | "personal_data_deleted_at";
type ConsentColumns = "photo_consent_at";
/** Set only on the receptions of a send for several people (features/public). */
type HouseholdColumns = "household_id";

/** The reception as stored. */
export function insertReception(
  db: Db,
  reception: Omit<
    ReceptionRow,
    "deleted_at" | StatusTokenColumns | "note" | DefaultedColumns | DeletionColumns | ConsentColumns | HouseholdColumns
  > &
    Partial<Pick<ReceptionRow, DefaultedColumns | StatusTokenColumns | ConsentColumns | HouseholdColumns>> & {
      note?: string | null;
    },
): Promise<ReceptionRow> {
  return db
    .insertInto("receptions")
    .values({
      ...reception,
      answers: JSON.stringify(reception.answers),
      status_token_hash: reception.status_token_hash ?? null,
      status_token_sealed: reception.status_token_sealed ?? null,
      note: reception.note ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findLiveReception(db: Db, pharmacyId: string, id: string, forUpdate = false) {
  let query = db
    .selectFrom("receptions")
    .selectAll()
    .where("id", "=", id)
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is", null);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Deleted ones too: a deletion event still names what was deleted. */
export function findAnyReception(db: Db, pharmacyId: string, id: string) {
  return db
    .selectFrom("receptions")
    .selectAll()
    .where("id", "=", id)
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
}

/** The reception behind a visitor's status link: found by the token's hash, the token itself is not stored. */
export function findLiveReceptionByStatusToken(db: Db, statusToken: string) {
  return db
    .selectFrom("receptions")
    .select([
      "id",
      "pharmacy_id",
      "reception_number",
      "partition_number",
      "business_date",
      "status",
      "created_at",
      "confirmed_at",
      "answers",
      "called_at",
      "handed_over_at",
      "channel",
      "household_id",
    ])
    .where("status_token_hash", "=", hashToken(statusToken))
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

export function findSiblings(db: Db, key: ReceptionKey) {
  return db
    .selectFrom("receptions")
    .selectAll()
    .where("pharmacy_id", "=", key.pharmacyId)
    .where("business_date", "=", key.businessDate)
    .where("reception_number", "=", key.receptionNumber)
    .where("deleted_at", "is", null)
    .orderBy("partition_number")
    .forUpdate()
    .execute();
}

export async function updateReception(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      ReceptionRow,
      | "status"
      | "patient_name"
      | "phone"
      | "partition_number"
      | "updated_at"
      | "deleted_at"
      | "confirmed_at"
      | "patient_language"
      | WaitColumns
      | ConsentColumns
    >
  > & {
    answers?: Answers;
  },
): Promise<void> {
  const { answers, ...rest } = changes;
  await db
    .updateTable("receptions")
    .set({ ...rest, ...(answers && { answers: JSON.stringify(answers) }) })
    .where("id", "=", id)
    .execute();
}

/** Live receptions of any branch still unconfirmed since before `before`, locked; rows locked elsewhere are skipped. */
export function lockUnconfirmedBefore(db: Db, before: Date) {
  return db
    .selectFrom("receptions")
    .selectAll()
    .where("confirmed_at", "is", null)
    .where("deleted_at", "is", null)
    .where("created_at", "<", before)
    .orderBy("created_at")
    .limit(500)
    .forUpdate()
    .skipLocked()
    .execute();
}

export interface DayFilter {
  pharmacyId: string;
  businessDate: string;
  status?: ReceptionStatus | undefined;
  channel?: ReceptionChannel | undefined;
}

function dayQuery(db: Db, filter: DayFilter) {
  let query = db
    .selectFrom("receptions")
    .where("pharmacy_id", "=", filter.pharmacyId)
    .where("business_date", "=", filter.businessDate)
    .where("deleted_at", "is", null);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.channel) query = query.where("channel", "=", filter.channel);
  return query;
}

/** The photo-request columns a reception carries to the client. */
const PHOTO_REQUEST_FIELDS = ["reception_id", "reason", "message", "requested_at", "answered_at"] as const;
export type PhotoRequestFields = Pick<PhotoRequestTable, (typeof PHOTO_REQUEST_FIELDS)[number]>;

/** The prescription columns a reception carries to the client. */
const PRESCRIPTION_FIELDS = [
  "id",
  "reception_id",
  "source_type",
  "file_id",
  "exchange_number",
  "code_status",
  "rx",
  "medication_record",
  "prescription_copy",
] as const;

/** What the list carries of each reception: its prescriptions and latest photo request. */
function withDetails(query: ReturnType<typeof dayQuery>) {
  return query.selectAll("receptions").select((eb) => receptionDetails(eb));
}

/** A reception's prescriptions and latest photo request, as columns of the query of its row (times as text). */
export function receptionDetails(eb: ExpressionBuilder<Database, "receptions">) {
  return [
    jsonArrayFrom(
      eb
        .selectFrom("prescriptions")
        .select(PRESCRIPTION_FIELDS)
        .whereRef("prescriptions.reception_id", "=", "receptions.id")
        .orderBy("prescriptions.created_at")
        .orderBy("prescriptions.id"),
    ).as("prescriptions"),
    jsonObjectFrom(
      eb
        .selectFrom("photo_requests")
        .select(PHOTO_REQUEST_FIELDS)
        .whereRef("photo_requests.reception_id", "=", "receptions.id")
        .orderBy("requested_at", "desc")
        .limit(1),
    ).as("photo_request"),
  ] as const;
}

/** A branch's live receptions not handed over (the partial index receptions_open_idx holds only them). */
function openQuery(db: Db, pharmacyId: string) {
  return db
    .selectFrom("receptions")
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is", null)
    .where("handed_over_at", "is", null);
}

/**
 * The earlier days' receptions that may be carried onto `today` (across-days.ts decides which), with
 * their details: read from the open-reception index, never from the days' full history.
 */
export function listCarriedCandidates(db: Db, filter: DayFilter) {
  let query = openQuery(db, filter.pharmacyId).where("business_date", "<", filter.businessDate);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.channel) query = query.where("channel", "=", filter.channel);
  return withDetails(query)
    .orderBy("business_date", "asc")
    .orderBy("reception_number", "desc")
    .orderBy("partition_number", "asc")
    .execute();
}

/** The receptions whose pickup day may be `date` (a return visit's day, else their own day), not handed over. */
export function listPickupCandidates(db: Db, pharmacyId: string, date: string) {
  const query = openQuery(db, pharmacyId).where((eb) =>
    eb.or([eb("business_date", "=", date), eb(sql<string>`answers->>'returnDate'`, "=", date)]),
  );
  return withDetails(query)
    .orderBy("business_date", "asc")
    .orderBy("reception_number", "asc")
    .orderBy("partition_number", "asc")
    .execute();
}

/** One page of a day with each reception's prescriptions and the day's total, in a single query (the hot path). */
export async function listDay(db: Db, filter: DayFilter, page: { limit: number; offset: number }) {
  const rows = await withDetails(dayQuery(db, filter))
    .select((eb) =>
      eb.fn
        .agg<string>("count", [sql.lit(1)])
        .over()
        .as("total"),
    )
    .orderBy("reception_number", "desc")
    .orderBy("partition_number", "asc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // a page past the end has no rows to carry the window count
  const total = rows[0]
    ? Number(rows[0].total)
    : Number(
        (
          await dayQuery(db, filter)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
  return { rows, total };
}

export async function listDates(db: Db, pharmacyId: string) {
  const rows = await db
    .selectFrom("receptions")
    .select(["business_date", (eb) => eb.fn.countAll<string>().as("count")])
    .where("pharmacy_id", "=", pharmacyId)
    .where("deleted_at", "is", null)
    .groupBy("business_date")
    .orderBy("business_date", "desc")
    .execute();
  return rows.map((row) => ({ date: row.business_date, count: Number(row.count) }));
}

export interface ReceptionAuditEntry {
  pharmacyId: string;
  receptionId: string;
  action: HistoryAction;
  actor: string;
  at: Date;
  before?: AuditDetails;
  after?: AuditDetails;
}

export async function appendAudit(db: Db, entry: ReceptionAuditEntry): Promise<void> {
  await appendAudits(db, [entry]);
}

/** Entries of one change in one statement, in the order given. */
export async function appendAudits(db: Db, entries: ReceptionAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto("reception_audit")
    .values(
      entries.map((entry) => ({
        id: randomUUID(),
        pharmacy_id: entry.pharmacyId,
        reception_id: entry.receptionId,
        action: entry.action,
        actor: entry.actor,
        at: entry.at,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
      })),
    )
    .execute();
}

export function auditOf(db: Db, pharmacyId: string, receptionId: string) {
  return db
    .selectFrom("reception_audit")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("reception_id", "=", receptionId)
    .orderBy("seq")
    .execute();
}

/** A new partition shares the history of the reception it was split from, up to the split. */
export async function copyAudit(db: Db, fromReceptionId: string, toReceptionId: string): Promise<void> {
  await db
    .insertInto("reception_audit")
    .columns(["id", "pharmacy_id", "reception_id", "action", "actor", "at", "before", "after"])
    .expression((eb) =>
      eb
        .selectFrom("reception_audit")
        .select([
          sql<string>`gen_random_uuid()`.as("id"),
          "pharmacy_id",
          sql<string>`${toReceptionId}::uuid`.as("reception_id"),
          "action",
          "actor",
          "at",
          "before",
          "after",
        ])
        .where("reception_id", "=", fromReceptionId)
        .orderBy("seq"),
    )
    .execute();
}

/** The latest photo request of each reception. */
export async function latestPhotoRequests(db: Db, receptionIds: string[]): Promise<Map<string, PhotoRequestFields>> {
  if (receptionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("photo_requests")
    .select(PHOTO_REQUEST_FIELDS)
    .where("reception_id", "in", receptionIds)
    .orderBy("requested_at", "desc")
    .execute();
  const latest = new Map<string, PhotoRequestFields>();
  for (const row of rows) if (!latest.has(row.reception_id)) latest.set(row.reception_id, row);
  return latest;
}

export async function insertPhotoRequest(
  db: Db,
  request: { pharmacyId: string; receptionId: string; requestedBy: string; at: Date } & CreatePhotoRequestInput,
): Promise<void> {
  await db
    .insertInto("photo_requests")
    .values({
      id: randomUUID(),
      pharmacy_id: request.pharmacyId,
      reception_id: request.receptionId,
      reason: request.reason,
      message: request.message || null,
      requested_by: request.requestedBy,
      requested_at: request.at,
      answered_at: null,
    })
    .execute();
}

/** Marks the reception's open photo request answered; whether there was one. */
export async function answerPhotoRequest(db: Db, receptionId: string, at: Date): Promise<boolean> {
  const rows = await db
    .updateTable("photo_requests")
    .set({ answered_at: at })
    .where("reception_id", "=", receptionId)
    .where("answered_at", "is", null)
    .returning("id")
    .execute();
  return rows.length > 0;
}

/**
 * Each branch's day in one grouped query (the organisation's 本部 screen): today's receptions received
 * (confirmed), waiting (not Completed) and completed; earlier ones carried onto today (as
 * `isCarriedOnto`); those whose pickup day is today, not handed over (as `pickupDateOf`).
 */
export function countDayByBranch(db: Db, pharmacyIds: string[], today: string) {
  const pickup = sql<string>`(case when answers->>'receiveMethod' = 'ReturnVisit' and answers->>'returnDate' is not null then answers->>'returnDate' else business_date end)`;
  const count = (condition: ReturnType<typeof sql>) => sql<string>`count(*) filter (where ${condition})`;
  return db
    .selectFrom("receptions")
    .select([
      "pharmacy_id",
      count(sql`business_date = ${today} and confirmed_at is not null`).as("received"),
      count(sql`business_date = ${today} and confirmed_at is not null and status is distinct from 'Completed'`).as(
        "waiting",
      ),
      count(sql`business_date = ${today} and status = 'Completed'`).as("completed"),
      count(
        sql`business_date < ${today} and handed_over_at is null and (status is distinct from 'Completed' or ${pickup} <= ${today})`,
      ).as("carried"),
      count(sql`handed_over_at is null and ${pickup} = ${today}`).as("pickups_due"),
    ])
    .where("pharmacy_id", "in", pharmacyIds)
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("business_date", "=", today), eb("handed_over_at", "is", null)]))
    .groupBy("pharmacy_id")
    .execute();
}
