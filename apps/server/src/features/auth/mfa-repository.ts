import type { Db, UserRow } from "../../db/schema.js";
import { SEALED_PREFIX } from "./secret-box.js";

export async function setPendingSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db.updateTable("users").set({ mfa_pending_secret: secret }).where("id", "=", userId).execute();
}

/**
 * Turns the pending secret checked by the caller on, remembering the code's step, in one statement:
 * of two requests at once only one does it.
 */
export async function enableSecret(db: Db, userId: string, pendingSecret: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable("users")
    .set((eb) => ({ mfa_secret: eb.ref("mfa_pending_secret"), mfa_pending_secret: null, mfa_last_step: step }))
    .where("id", "=", userId)
    .where("mfa_pending_secret", "=", pendingSecret)
    .where("mfa_secret", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Each code works once: only a step later than the last accepted one is taken, however many arrive at once. */
export async function claimStep(db: Db, userId: string, secret: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable("users")
    .set({ mfa_last_step: step })
    .where("id", "=", userId)
    .where("mfa_secret", "=", secret)
    .where((eb) => eb.or([eb("mfa_last_step", "is", null), eb("mfa_last_step", "<", step)]))
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function disable(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ mfa_secret: null, mfa_pending_secret: null, mfa_last_step: null })
    .where("id", "=", userId)
    .execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

export async function recoveryCodeHashes(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", userId).execute();
  return rows.map((row) => row.code_hash);
}

type StoredSecrets = Pick<UserRow, "mfa_secret" | "mfa_pending_secret">;

/** People with a TOTP secret (on or pending) not yet sealed. */
export async function usersWithClearSecrets(db: Db): Promise<Array<StoredSecrets & { id: string }>> {
  return db
    .selectFrom("users")
    .select(["id", "mfa_secret", "mfa_pending_secret"])
    .where((eb) =>
      eb.or([
        eb("mfa_secret", "not like", `${SEALED_PREFIX}%`),
        eb("mfa_pending_secret", "not like", `${SEALED_PREFIX}%`),
      ]),
    )
    .execute();
}

export async function anySealedSecret(db: Db): Promise<{ id: string; secret: string } | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["id", "mfa_secret"])
    .where("mfa_secret", "like", `${SEALED_PREFIX}%`)
    .limit(1)
    .executeTakeFirst();
  return row?.mfa_secret ? { id: row.id, secret: row.mfa_secret } : undefined;
}

/** Replaces a person's secrets only if they are still `before`: false when something else changed them first. */
export async function replaceSecrets(
  db: Db,
  before: StoredSecrets & { id: string },
  after: StoredSecrets,
): Promise<boolean> {
  const row = await db
    .updateTable("users")
    .set(after)
    .where("id", "=", before.id)
    .where((eb) =>
      before.mfa_secret === null ? eb("mfa_secret", "is", null) : eb("mfa_secret", "=", before.mfa_secret),
    )
    .where((eb) =>
      before.mfa_pending_secret === null
        ? eb("mfa_pending_secret", "is", null)
        : eb("mfa_pending_secret", "=", before.mfa_pending_secret),
    )
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Single use: of two requests with the same code, only the one that deletes it gets true. */
export async function consumeRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const row = await db
    .deleteFrom("recovery_codes")
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertChallenge(
  db: Db,
  challenge: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("mfa_challenges")
    .values({ token_hash: challenge.tokenHash, user_id: challenge.userId, expires_at: challenge.expiresAt })
    .execute();
}

/**
 * Counts one try of the challenge and hands back its person, in one statement: past `maxTries` nothing
 * comes back, however many tries arrive at once.
 */
export async function claimChallengeTry(
  db: Db,
  tokenHash: string,
  maxTries: number,
): Promise<{ expires_at: Date; user: UserRow } | undefined> {
  const claimed = await db
    .updateTable("mfa_challenges")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("token_hash", "=", tokenHash)
    .where("failed_attempts", "<", maxTries)
    .returning(["user_id", "expires_at"])
    .executeTakeFirst();
  if (!claimed) return undefined;
  const user = await db.selectFrom("users").selectAll().where("id", "=", claimed.user_id).executeTakeFirst();
  return user && { expires_at: claimed.expires_at, user };
}

/** The challenge is used up by the try that passed: of two at once, only the one that deletes it goes on. */
export async function consumeChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const row = await db
    .deleteFrom("mfa_challenges")
    .where("token_hash", "=", tokenHash)
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpiredChallenges(db: Db, now: Date): Promise<void> {
  await db.deleteFrom("mfa_challenges").where("expires_at", "<=", now).execute();
}
