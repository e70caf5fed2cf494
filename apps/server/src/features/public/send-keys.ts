import type { WebReceptionCreated } from "@pharmacy/contract/public/public";
import type { Db, ReceptionRow } from "../../db/schema.js";

/** How long a web reception's Idempotency-Key answers the reception it made. */
const SEND_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The reception a branch made with this key within the last 24 hours, as its send answered it. Its
 * status token is kept sealed only (`openToken`: the receptions feature's `statusTokenOf`).
 */
export async function findSentWithKey(
  db: Db,
  pharmacyId: string,
  sendKey: string,
  now: Date,
  openToken: (row: Pick<ReceptionRow, "id" | "status_token_sealed">) => string | undefined,
): Promise<WebReceptionCreated | undefined> {
  const row = await db
    .selectFrom("public_send_keys as k")
    .innerJoin("receptions as r", "r.id", "k.reception_id")
    .select(["r.id", "r.reception_number", "r.business_date", "r.status_token_sealed", "r.household_id"])
    .where("k.pharmacy_id", "=", pharmacyId)
    .where("k.send_key", "=", sendKey)
    .where("k.created_at", ">", new Date(now.getTime() - SEND_KEY_LIFETIME_MS))
    .executeTakeFirst();
  const own = row && sentNumberOf(row, openToken);
  if (!row?.household_id || !own) return own;
  // the key names the sender's reception; the send made the household's others in the same transaction
  const others = await db
    .selectFrom("receptions")
    .select(["id", "reception_number", "business_date", "status_token_sealed"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("household_id", "=", row.household_id)
    .where("id", "!=", row.id)
    .orderBy("reception_number")
    .execute();
  const household = others.map((other) => sentNumberOf(other, openToken)).filter((sent) => sent !== undefined);
  return { ...own, household };
}

function sentNumberOf(
  row: Pick<ReceptionRow, "id" | "reception_number" | "business_date" | "status_token_sealed">,
  openToken: (row: Pick<ReceptionRow, "id" | "status_token_sealed">) => string | undefined,
) {
  const statusToken = openToken(row);
  return statusToken
    ? { receptionNumber: row.reception_number, receptionDate: row.business_date, statusToken }
    : undefined;
}

/**
 * Ties the key to the reception being made, in its transaction; false when a live key is there
 * already. Concurrent sends with one key meet on the primary key: the later insert waits for the
 * earlier transaction, then conflicts (and its reception is rolled back). The branch's expired keys go
 * first, so an old key is free again and the table holds one day of sends.
 */
export async function claimSendKey(
  trx: Db,
  key: { pharmacyId: string; sendKey: string; receptionId: string },
  now: Date,
): Promise<boolean> {
  await trx
    .deleteFrom("public_send_keys")
    .where("pharmacy_id", "=", key.pharmacyId)
    .where("created_at", "<=", new Date(now.getTime() - SEND_KEY_LIFETIME_MS))
    .execute();
  const inserted = await trx
    .insertInto("public_send_keys")
    .values({ pharmacy_id: key.pharmacyId, send_key: key.sendKey, reception_id: key.receptionId, created_at: now })
    .onConflict((conflict) => conflict.columns(["pharmacy_id", "send_key"]).doNothing())
    .returning("send_key")
    .executeTakeFirst();
  return inserted !== undefined;
}
