import { sql, type Selectable } from "kysely";
import type { FollowUpAnswers, FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { CareContactSource } from "@pharmacy/contract/follow-ups/follow-ups";
import type { Db, FollowUpTable, RefillReminderTable } from "../../db/schema.js";
import type { PushTarget } from "../visitor-notices/index.js";

export type FollowUpRow = Selectable<FollowUpTable>;
export type RefillReminderRow = Selectable<RefillReminderTable>;

// ---- care contacts

export async function saveCareContact(
  db: Db,
  row: {
    receptionId: string;
    pharmacyId: string;
    email: string | null;
    phone: string | null;
    source: CareContactSource;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto("care_contacts")
    .values({
      reception_id: row.receptionId,
      pharmacy_id: row.pharmacyId,
      email: row.email,
      phone: row.phone,
      source: row.source,
      consented_at: row.at,
    })
    .onConflict((oc) =>
      oc
        .column("reception_id")
        .doUpdateSet({ email: row.email, phone: row.phone, source: row.source, consented_at: row.at }),
    )
    .execute();
}

export function findCareContact(db: Db, pharmacyId: string, receptionId: string) {
  return db
    .selectFrom("care_contacts")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("reception_id", "=", receptionId)
    .executeTakeFirst();
}

export async function countCarePush(db: Db, receptionId: string): Promise<number> {
  const row = await db
    .selectFrom("care_push_subscriptions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("reception_id", "=", receptionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function keepCarePush(db: Db, receptionId: string, targets: PushTarget[]): Promise<void> {
  if (targets.length === 0) return;
  await db
    .insertInto("care_push_subscriptions")
    .values(targets.map((target) => ({ id: crypto.randomUUID(), reception_id: receptionId, ...target })))
    .onConflict((oc) => oc.columns(["reception_id", "endpoint"]).doNothing())
    .execute();
}

export function carePushOf(db: Db, receptionId: string) {
  return db
    .selectFrom("care_push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("reception_id", "=", receptionId)
    .execute();
}

export async function deleteCarePush(db: Db, id: string): Promise<void> {
  await db.deleteFrom("care_push_subscriptions").where("id", "=", id).execute();
}

/** Deletes the contact (its kept push subscriptions go with it); whether there was one. */
export async function deleteCareContact(db: Db, receptionId: string): Promise<boolean> {
  await db.deleteFrom("care_push_subscriptions").where("reception_id", "=", receptionId).execute();
  const deleted = await db.deleteFrom("care_contacts").where("reception_id", "=", receptionId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Whether the reception still has a follow-up not closed or a reminder not closed. */
export async function hasOpenCare(db: Db, receptionId: string): Promise<boolean> {
  const open = await db
    .selectFrom("follow_ups")
    .select("id")
    .where("reception_id", "=", receptionId)
    .where("status", "<>", "closed")
    .union(
      db
        .selectFrom("refill_reminders")
        .select("prescription_id as id")
        .where("reception_id", "=", receptionId)
        .where("closed_at", "is", null),
    )
    .executeTakeFirst();
  return open !== undefined;
}

/** Whether a follow-up or reminder was ever made for the reception. */
export async function hadCare(db: Db, receptionId: string): Promise<boolean> {
  const any = await db
    .selectFrom("follow_ups")
    .select("id")
    .where("reception_id", "=", receptionId)
    .union(db.selectFrom("refill_reminders").select("prescription_id as id").where("reception_id", "=", receptionId))
    .executeTakeFirst();
  return any !== undefined;
}

export function allCareContacts(db: Db) {
  return db.selectFrom("care_contacts").selectAll().orderBy("consented_at").execute();
}

// ---- templates

export async function storedTemplates(db: Db, pharmacyId: string): Promise<FollowUpTemplate[] | undefined> {
  const row = await db
    .selectFrom("follow_up_templates")
    .select("templates")
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
  return row?.templates;
}

export async function saveTemplates(
  db: Db,
  pharmacyId: string,
  templates: FollowUpTemplate[],
  at: Date,
): Promise<void> {
  const json = JSON.stringify(templates);
  await db
    .insertInto("follow_up_templates")
    .values({ pharmacy_id: pharmacyId, templates: json, updated_at: at })
    .onConflict((oc) => oc.column("pharmacy_id").doUpdateSet({ templates: json, updated_at: at }))
    .execute();
}

export async function deleteTemplates(db: Db, pharmacyId: string): Promise<void> {
  await db.deleteFrom("follow_up_templates").where("pharmacy_id", "=", pharmacyId).execute();
}

// ---- follow-ups

export async function insertFollowUp(
  db: Db,
  row: Omit<FollowUpRow, "questions" | "answers"> & { questions: string },
): Promise<void> {
  await db
    .insertInto("follow_ups")
    .values({ ...row, answers: null })
    .execute();
}

export function findFollowUp(db: Db, pharmacyId: string, id: string, forUpdate = false) {
  const query = db.selectFrom("follow_ups").selectAll().where("pharmacy_id", "=", pharmacyId).where("id", "=", id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function findByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom("follow_ups").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export function followUpsOfReception(db: Db, pharmacyId: string, receptionId: string) {
  return db
    .selectFrom("follow_ups")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("reception_id", "=", receptionId)
    .orderBy("due_on")
    .orderBy("created_at")
    .execute();
}

/** The worklist of `date`: every follow-up not closed due on or before it, and those closed that day (`closedFrom`–`closedTo`). */
export function worklist(db: Db, pharmacyId: string, date: string, closedFrom: Date, closedTo: Date) {
  return db
    .selectFrom("follow_ups")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("due_on", "<=", date)
    .where((eb) =>
      eb.or([
        eb("status", "<>", "closed"),
        eb.and([eb("closed_at", ">=", closedFrom), eb("closed_at", "<", closedTo)]),
      ]),
    )
    .orderBy("due_on")
    .orderBy("created_at")
    .execute();
}

export function dueBetween(db: Db, pharmacyId: string, from: string, to: string) {
  return db
    .selectFrom("follow_ups")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("due_on", ">=", from)
    .where("due_on", "<=", to)
    .orderBy("due_on")
    .orderBy("created_at")
    .execute();
}

/** Answers once: only a sent or no_answer follow-up without answers takes them (one statement, so two at once cannot both). */
export async function answerOnce(db: Db, id: string, answers: FollowUpAnswers, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable("follow_ups")
    .set({ answers: JSON.stringify(answers), answered_at: at, status: "answered" })
    .where("id", "=", id)
    .where("answered_at", "is", null)
    .where("status", "in", ["sent", "no_answer"])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function updateFollowUp(
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      FollowUpRow,
      | "status"
      | "note"
      | "findings"
      | "proposal"
      | "closed_at"
      | "closed_by"
      | "closed_by_name"
      | "sent_at"
      | "token_hash"
    >
  >,
): Promise<void> {
  await db.updateTable("follow_ups").set(changes).where("id", "=", id).execute();
}

/** E-mail and push follow-ups due by `today` not yet sent, of every branch. */
export function unsentDue(db: Db, today: string) {
  return db
    .selectFrom("follow_ups")
    .selectAll()
    .where("status", "=", "scheduled")
    .where("channel", "in", ["email", "push", "line"])
    .where("due_on", "<=", today)
    .orderBy("due_on")
    .limit(500)
    .execute();
}

/** Marks a follow-up sent with its link's hash unless another process did; whether this one did. */
export async function claimSend(db: Db, id: string, tokenHash: string, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable("follow_ups")
    .set({ status: "sent", sent_at: at, token_hash: tokenHash })
    .where("id", "=", id)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Sent follow-ups sent before `sentBefore` without answers become no_answer; their ids and branches. */
export function markNoAnswer(db: Db, sentBefore: Date) {
  return db
    .updateTable("follow_ups")
    .set({ status: "no_answer" })
    .where("status", "=", "sent")
    .where("sent_at", "<", sentBefore)
    .returning(["id", "pharmacy_id"])
    .execute();
}

/** Open mail and push follow-ups of a reception (consent withdrawn: they close). */
export function openMessageFollowUps(db: Db, receptionId: string) {
  return db
    .selectFrom("follow_ups")
    .select(["id", "pharmacy_id"])
    .where("reception_id", "=", receptionId)
    .where("status", "<>", "closed")
    .where("channel", "in", ["email", "push", "line"])
    .execute();
}

/** Follow-ups not closed due on or before `date`: the main screen's count. */
export function openDueBy(db: Db, pharmacyId: string, date: string): Promise<FollowUpRow[]> {
  return db
    .selectFrom("follow_ups")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .where("due_on", "<=", date)
    .where("status", "<>", "closed")
    .execute();
}

// ---- refill reminders

/** A reminder's window, moved while it is not sent (a later hand-over moves the dispensing day). */
export async function upsertReminder(db: Db, row: Omit<RefillReminderRow, "sent_at" | "closed_at">): Promise<void> {
  await db
    .insertInto("refill_reminders")
    .values({ ...row, sent_at: null, closed_at: null })
    .onConflict((oc) =>
      oc
        .column("prescription_id")
        .doUpdateSet({ window_from: row.window_from, window_to: row.window_to, remind_on: row.remind_on })
        .where("refill_reminders.sent_at", "is", null),
    )
    .execute();
}

export function remindersOf(db: Db, receptionIds: string[]) {
  if (receptionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("refill_reminders").selectAll().where("reception_id", "in", receptionIds).execute();
}

/** Marks a due reminder sent unless another process did; whether this one did. */
export async function claimReminder(db: Db, prescriptionId: string, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable("refill_reminders")
    .set({ sent_at: at })
    .where("prescription_id", "=", prescriptionId)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Reminders whose window is over (or that cannot be sent: no e-mail) close. */
export async function closeReminder(db: Db, prescriptionId: string, at: Date): Promise<void> {
  await db
    .updateTable("refill_reminders")
    .set({ closed_at: at })
    .where("prescription_id", "=", prescriptionId)
    .where("closed_at", "is", null)
    .execute();
}

export async function lockCareOf(db: Db, receptionId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`care:${receptionId}`}, 0))`.execute(db);
}

/** Each branch's follow-ups due by `today` and not closed (the worklist's open rows), in one grouped query. */
export function countDueByBranch(db: Db, pharmacyIds: string[], today: string) {
  return db
    .selectFrom("follow_ups")
    .select((eb) => ["pharmacy_id", eb.fn.countAll<string>().as("due")])
    .where("pharmacy_id", "in", pharmacyIds)
    .where("due_on", "<=", today)
    .where("status", "<>", "closed")
    .groupBy("pharmacy_id")
    .execute();
}
