import { sql } from "kysely";
import type { Db } from "../../db/schema.js";

// Branch settings

export function findChannel(db: Db, pharmacyId: string) {
  return db.selectFrom("line_channels").selectAll().where("pharmacy_id", "=", pharmacyId).executeTakeFirst();
}

export async function saveChannel(
  db: Db,
  row: {
    pharmacyId: string;
    channelSecret: string;
    accessToken: string;
    basicId: string;
    botUserId: string;
    displayName: string;
    monthlyLimit: number | null;
    at: Date;
  },
): Promise<void> {
  const values = {
    channel_secret: row.channelSecret,
    access_token: row.accessToken,
    basic_id: row.basicId,
    bot_user_id: row.botUserId,
    display_name: row.displayName,
    monthly_limit: row.monthlyLimit,
    updated_at: row.at,
  };
  await db
    .insertInto("line_channels")
    .values({ pharmacy_id: row.pharmacyId, ...values })
    .onConflict((oc) => oc.column("pharmacy_id").doUpdateSet(values))
    .execute();
}

/** The branch leaves LINE: its channel, codes and links go; messages not yet accepted are dropped. */
export async function deleteChannel(db: Db, pharmacyId: string): Promise<boolean> {
  await db.deleteFrom("line_link_codes").where("pharmacy_id", "=", pharmacyId).execute();
  await db.deleteFrom("line_links").where("pharmacy_id", "=", pharmacyId).execute();
  await db.deleteFrom("line_outbox").where("pharmacy_id", "=", pharmacyId).where("state", "=", "pending").execute();
  const deleted = await db.deleteFrom("line_channels").where("pharmacy_id", "=", pharmacyId).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

// Codes and links

/** A new code replaces the reception's earlier unused ones. */
export async function replaceCode(
  db: Db,
  row: {
    codeHash: string;
    pharmacyId: string;
    receptionId: string;
    linkBase: string | undefined;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await db.deleteFrom("line_link_codes").where("reception_id", "=", row.receptionId).execute();
  await db
    .insertInto("line_link_codes")
    .values({
      code_hash: row.codeHash,
      pharmacy_id: row.pharmacyId,
      reception_id: row.receptionId,
      link_base: row.linkBase ?? null,
      expires_at: row.expiresAt,
      created_at: row.at,
    })
    .execute();
}

/** Takes a live code of the branch out of the table (used once): the reception it links, if any. */
export function takeCode(db: Db, pharmacyId: string, codeHash: string, now: Date) {
  return db
    .deleteFrom("line_link_codes")
    .where("code_hash", "=", codeHash)
    .where("pharmacy_id", "=", pharmacyId)
    .where("expires_at", ">", now)
    .returning(["reception_id", "link_base", "expires_at"])
    .executeTakeFirst();
}

export async function countLinks(db: Db, receptionId: string): Promise<number> {
  const row = await db
    .selectFrom("line_links")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("reception_id", "=", receptionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function hasLink(db: Db, receptionId: string, lineUserId: string): Promise<boolean> {
  const row = await db
    .selectFrom("line_links")
    .select("reception_id")
    .where("reception_id", "=", receptionId)
    .where("line_user_id", "=", lineUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveLink(
  db: Db,
  row: {
    receptionId: string;
    pharmacyId: string;
    lineUserId: string;
    linkBase: string | null;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto("line_links")
    .values({
      reception_id: row.receptionId,
      pharmacy_id: row.pharmacyId,
      line_user_id: row.lineUserId,
      link_base: row.linkBase,
      expires_at: row.expiresAt,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(["reception_id", "line_user_id"]).doUpdateSet({ expires_at: row.expiresAt, link_base: row.linkBase }),
    )
    .execute();
}

export function liveLinksOf(db: Db, receptionId: string, now: Date) {
  return db
    .selectFrom("line_links")
    .select(["line_user_id", "link_base", "pharmacy_id"])
    .where("reception_id", "=", receptionId)
    .where("expires_at", ">", now)
    .execute();
}

/** The patient blocked the account: every link of theirs at this branch goes, and what waits to be sent to them. */
export async function unlinkUser(db: Db, pharmacyId: string, lineUserId: string): Promise<void> {
  await db
    .deleteFrom("line_links")
    .where("pharmacy_id", "=", pharmacyId)
    .where("line_user_id", "=", lineUserId)
    .execute();
  await db
    .deleteFrom("line_outbox")
    .where("pharmacy_id", "=", pharmacyId)
    .where("line_user_id", "=", lineUserId)
    .where("state", "=", "pending")
    .execute();
}

export async function setExpiry(db: Db, receptionId: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable("line_link_codes")
    .set({ expires_at: expiresAt })
    .where("reception_id", "=", receptionId)
    .execute();
  await db
    .updateTable("line_links")
    .set({ expires_at: expiresAt })
    .where("reception_id", "=", receptionId)
    .where("kept_for_care", "=", false)
    .execute();
}

/** Handed over or deleted: codes go, and links but those kept for follow-ups. */
export async function deleteAllOf(db: Db, receptionId: string): Promise<void> {
  await db.deleteFrom("line_link_codes").where("reception_id", "=", receptionId).execute();
  await db
    .deleteFrom("line_links")
    .where("reception_id", "=", receptionId)
    .where("kept_for_care", "=", false)
    .execute();
}

export async function keepForCare(db: Db, receptionId: string, until: Date): Promise<number> {
  const updated = await db
    .updateTable("line_links")
    .set({ kept_for_care: true, expires_at: until })
    .where("reception_id", "=", receptionId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** The reception's live links kept for follow-ups and reminders. */
export async function countCareLinks(db: Db, receptionId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("line_links")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("reception_id", "=", receptionId)
    .where("kept_for_care", "=", true)
    .where("expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function endCare(db: Db, receptionId: string): Promise<void> {
  await db.deleteFrom("line_links").where("reception_id", "=", receptionId).where("kept_for_care", "=", true).execute();
}

/** Codes and links past their time, webhook event ids older than the replay window, settled messages older than `settledBefore`. */
export async function deleteExpired(db: Db, now: Date, eventsBefore: Date, settledBefore: Date): Promise<number> {
  const counts = await Promise.all([
    db.deleteFrom("line_link_codes").where("expires_at", "<=", now).executeTakeFirst(),
    db.deleteFrom("line_links").where("expires_at", "<=", now).executeTakeFirst(),
    db.deleteFrom("line_webhook_events").where("received_at", "<", eventsBefore).executeTakeFirst(),
    db
      .deleteFrom("line_outbox")
      .where("state", "!=", "pending")
      .where("created_at", "<", settledBefore)
      .executeTakeFirst(),
  ]);
  return counts.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
}

// Webhook events

/** True the first time this event id is seen for the branch (one statement: concurrent redeliveries count once). */
export async function firstSighting(db: Db, pharmacyId: string, webhookEventId: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insertInto("line_webhook_events")
    .values({ pharmacy_id: pharmacyId, webhook_event_id: webhookEventId, received_at: at })
    .onConflict((oc) => oc.columns(["pharmacy_id", "webhook_event_id"]).doNothing())
    .returning("webhook_event_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

// Outbox

export async function enqueue(
  db: Db,
  rows: { id: string; pharmacyId: string; receptionId: string; lineUserId: string; text: string; at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("line_outbox")
    .values(
      rows.map((row) => ({
        id: row.id,
        pharmacy_id: row.pharmacyId,
        reception_id: row.receptionId,
        line_user_id: row.lineUserId,
        text: row.text,
        state: "pending" as const,
        next_attempt_at: row.at,
        created_at: row.at,
      })),
    )
    .execute();
}

/**
 * Leases up to `limit` due messages, in the order they were queued, to this process until `leaseUntil`:
 * another process (or this one's next round) skips them meanwhile; a process that dies lets its lease
 * run out. Only a user's oldest waiting message is taken: a later one never overtakes it.
 */
export async function leaseDue(db: Db, now: Date, leaseUntil: Date, limit: number) {
  const leased = await db
    .updateTable("line_outbox")
    .set({ lease_until: leaseUntil })
    .where(
      "id",
      "in",
      db
        .selectFrom("line_outbox as message")
        .select("message.id")
        .where("message.state", "=", "pending")
        .where("message.next_attempt_at", "<=", now)
        .where((eb) => eb.or([eb("message.lease_until", "is", null), eb("message.lease_until", "<=", now)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("line_outbox as earlier")
                .select("earlier.id")
                .whereRef("earlier.pharmacy_id", "=", "message.pharmacy_id")
                .whereRef("earlier.line_user_id", "=", "message.line_user_id")
                .whereRef("earlier.seq", "<", "message.seq")
                .where("earlier.state", "=", "pending"),
            ),
          ),
        )
        .orderBy("message.seq")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "seq", "pharmacy_id", "line_user_id", "text", "attempts", "counted_month"])
    .execute();
  // RETURNING keeps no order
  return leased.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
}

/**
 * Takes one slot of the branch's `month` for the message and marks it as holding it, in one statement: the
 * count's row is locked by the upsert, so of any number of processes claiming at once only `limit` succeed
 * (no limit: always). False when the month is full. A message holding a slot (a retry) takes no other.
 */
export async function claimSlot(db: Db, messageId: string, month: string, limit: number | null): Promise<boolean> {
  const claimed = await sql<{ id: string }>`
    with slot as (
      insert into line_monthly_counts (pharmacy_id, month, sent)
      select pharmacy_id, ${month}, 1 from line_outbox where id = ${messageId} and counted_month is null
      on conflict (pharmacy_id, month) do update set sent = line_monthly_counts.sent + 1
      where ${limit}::integer is null or line_monthly_counts.sent < ${limit}::integer
      returning sent
    )
    update line_outbox set counted_month = ${month}
    where id = ${messageId} and counted_month is null and exists (select 1 from slot)
    returning id`.execute(db);
  return claimed.rows.length > 0;
}

/**
 * The message's try is over. `giveBack`: LINE said it did not deliver it (refused, or its own monthly
 * limit), so the slot it held is returned to its month, in the same statement.
 */
export async function settle(
  db: Db,
  id: string,
  state: "sent" | "refused" | "over_quota",
  at: Date,
  giveBack = false,
): Promise<void> {
  if (giveBack) {
    await sql`
      with returned as (
        update line_monthly_counts as count set sent = count.sent - 1
        from line_outbox as message
        where message.id = ${id} and count.pharmacy_id = message.pharmacy_id and count.month = message.counted_month
      )
      update line_outbox set state = ${state}, lease_until = null, sent_at = null, attempts = attempts + 1, counted_month = null
      where id = ${id}`.execute(db);
    return;
  }
  await db
    .updateTable("line_outbox")
    .set({ state, lease_until: null, sent_at: state === "sent" ? at : null, attempts: sql`attempts + 1` })
    .where("id", "=", id)
    .execute();
}

export async function retryLater(db: Db, id: string, nextAttemptAt: Date): Promise<void> {
  await db
    .updateTable("line_outbox")
    .set({ lease_until: null, next_attempt_at: nextAttemptAt, attempts: sql`attempts + 1` })
    .where("id", "=", id)
    .execute();
}

/**
 * The branch's messages of the month that began at `since`: sent, and queued but not sent because a
 * monthly limit (the branch's or LINE's) was reached.
 */
export async function countMonth(
  db: Db,
  pharmacyId: string,
  since: Date,
): Promise<{ sent: number; overQuota: number }> {
  const row = await db
    .selectFrom("line_outbox")
    .select((eb) => [
      eb.fn
        .countAll<string>()
        .filterWhere((inner) => inner.and([inner("state", "=", "sent"), inner("sent_at", ">=", since)]))
        .as("sent"),
      eb.fn
        .countAll<string>()
        .filterWhere((inner) => inner.and([inner("state", "=", "over_quota"), inner("created_at", ">=", since)]))
        .as("over_quota"),
    ])
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirstOrThrow();
  return { sent: Number(row.sent), overQuota: Number(row.over_quota) };
}

/** Each branch's LINE messages that could not go out (refused, over the month's quota) since `since`. */
export function countFailedByBranch(db: Db, pharmacyIds: string[], since: Date) {
  return db
    .selectFrom("line_outbox")
    .select((eb) => ["pharmacy_id", eb.fn.countAll<string>().as("failed")])
    .where("pharmacy_id", "in", pharmacyIds)
    .where("state", "in", ["refused", "over_quota"])
    .where("created_at", ">=", since)
    .groupBy("pharmacy_id")
    .execute();
}
