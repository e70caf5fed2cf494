import { sql } from "kysely";
import type { Db, ReceptionRow } from "../../db/schema.js";
import { hashToken } from "../../lib/token-hash.js";
import type { SecretBox } from "../auth/index.js";

type StoredStatusToken = Pick<ReceptionRow, "status_token_hash" | "status_token_sealed">;

/**
 * A web reception's status token at rest: its hash, what a visitor's link is looked up by, and the
 * token sealed to the reception, opened only to put the link in a message sent later.
 */
export function storedStatusToken(secretBox: SecretBox, receptionId: string, token: string): StoredStatusToken {
  return { status_token_hash: hashToken(token), status_token_sealed: secretBox.seal(token, receptionId) };
}

/** The token of the reception's status link; undefined without one, or when it was sealed with another key. */
export function statusTokenOf(
  secretBox: SecretBox,
  row: Pick<ReceptionRow, "id" | "status_token_sealed">,
): string | undefined {
  return row.status_token_sealed === null ? undefined : secretBox.open(row.status_token_sealed, row.id);
}

/** Rows sealed per statement: one round trip each, whatever the number of old links. */
const BATCH = 500;

/**
 * Status tokens kept in clear by servers before hashing are hashed, sealed and emptied at start. A
 * row changes only if it still holds the token that was read, so processes starting together do it once.
 */
export async function sealClearStatusTokens(db: Db, secretBox: SecretBox): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await db
      .selectFrom("receptions")
      .select(["id", "status_token"])
      .where("status_token", "is not", null)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return sealed;
    const ids = rows.map((row) => row.id);
    const tokens = rows.map((row) => row.status_token!);
    const stored = rows.map((row) => storedStatusToken(secretBox, row.id, row.status_token!));
    const result = await sql`
      update receptions
      set status_token = null, status_token_hash = t.hash, status_token_sealed = t.sealed
      from unnest(
        ${ids}::uuid[],
        ${tokens}::text[],
        ${stored.map((s) => s.status_token_hash)}::text[],
        ${stored.map((s) => s.status_token_sealed)}::text[]
      ) as t(id, token, hash, sealed)
      where receptions.id = t.id and receptions.status_token = t.token`.execute(db);
    sealed += Number(result.numAffectedRows ?? 0);
  }
}
