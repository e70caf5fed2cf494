import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/schema.js";
import type { PushTarget } from "./push-sender.js";

/**
 * Serialises the subscriptions of one reception until the transaction ends, so that counting them and
 * adding one is a single step under concurrent requests (a transaction-scoped advisory lock: nothing of
 * another feature's table is locked).
 */
export async function lockSubscriptionsOf(trx: Db, receptionId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`push_subscriptions:${receptionId}`}, 0))`.execute(trx);
}

export async function hasSubscription(trx: Db, receptionId: string, endpoint: string): Promise<boolean> {
  const row = await trx
    .selectFrom("push_subscriptions")
    .select("id")
    .where("reception_id", "=", receptionId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countSubscriptions(trx: Db, receptionId: string): Promise<number> {
  const row = await trx
    .selectFrom("push_subscriptions")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("reception_id", "=", receptionId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A browser subscribing again (new keys after a reinstall) replaces its earlier keys. */
export async function saveSubscription(
  trx: Db,
  row: {
    pharmacyId: string;
    receptionId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto("push_subscriptions")
    .values({
      id: randomUUID(),
      pharmacy_id: row.pharmacyId,
      reception_id: row.receptionId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      expires_at: row.expiresAt,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc
        .columns(["reception_id", "endpoint"])
        .doUpdateSet({ p256dh: row.p256dh, auth: row.auth, expires_at: row.expiresAt }),
    )
    .execute();
}

export function liveSubscriptionsOf(
  db: Db,
  receptionId: string,
  now: Date,
): Promise<(PushTarget & { id: string; expires_at: Date })[]> {
  return db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth", "expires_at"])
    .where("reception_id", "=", receptionId)
    .where("expires_at", ">", now)
    .execute();
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

export async function saveMailAddress(
  trx: Db,
  row: { pharmacyId: string; receptionId: string; email: string; linkBase: string; expiresAt: Date; at: Date },
): Promise<void> {
  await trx
    .insertInto("visitor_mail_addresses")
    .values({
      reception_id: row.receptionId,
      pharmacy_id: row.pharmacyId,
      email: row.email,
      link_base: row.linkBase,
      expires_at: row.expiresAt,
      created_at: row.at,
    })
    .execute();
}

export function liveMailAddressOf(db: Db, receptionId: string, now: Date) {
  return db
    .selectFrom("visitor_mail_addresses")
    .select(["email", "link_base"])
    .where("reception_id", "=", receptionId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** A reception's subscriptions and address live until `expiresAt`. */
export async function setExpiry(db: Db, receptionId: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable("push_subscriptions")
    .set({ expires_at: expiresAt })
    .where("reception_id", "=", receptionId)
    .execute();
  await db
    .updateTable("visitor_mail_addresses")
    .set({ expires_at: expiresAt })
    .where("reception_id", "=", receptionId)
    .execute();
}

export async function deleteAllOf(db: Db, receptionId: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("reception_id", "=", receptionId).execute();
  await db.deleteFrom("visitor_mail_addresses").where("reception_id", "=", receptionId).execute();
}

/** Subscriptions and addresses that outlived their reception's notices. */
export async function deleteExpired(db: Db, now: Date): Promise<{ subscriptions: number; mailAddresses: number }> {
  const subscriptions = await db.deleteFrom("push_subscriptions").where("expires_at", "<=", now).executeTakeFirst();
  const mailAddresses = await db.deleteFrom("visitor_mail_addresses").where("expires_at", "<=", now).executeTakeFirst();
  await db
    .deleteFrom("mail_failures")
    .where("failed_at", "<=", new Date(now.getTime() - MAIL_FAILURES_KEPT_DAYS * 86_400_000))
    .execute();
  return { subscriptions: Number(subscriptions.numDeletedRows), mailAddresses: Number(mailAddresses.numDeletedRows) };
}

/** Failed mails are counted for the 本部 screen's day; a month of them is plenty. */
const MAIL_FAILURES_KEPT_DAYS = 31;

export async function recordMailFailure(db: Db, pharmacyId: string, at: Date): Promise<void> {
  await db.insertInto("mail_failures").values({ id: randomUUID(), pharmacy_id: pharmacyId, failed_at: at }).execute();
}

export function countMailFailuresByBranch(db: Db, pharmacyIds: readonly string[], since: Date) {
  return db
    .selectFrom("mail_failures")
    .select(["pharmacy_id", (eb) => eb.fn.countAll<number>().as("failed")])
    .where("pharmacy_id", "in", pharmacyIds)
    .where("failed_at", ">=", since)
    .groupBy("pharmacy_id")
    .execute();
}
