import type { Kysely } from "kysely";
import type { CodePurpose, Database, UserRow } from "../../db/schema.js";

type Db = Kysely<Database>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: { id: string; email: string; passwordHash: string; pharmacyId: string; confirmedAt?: Date },
): Promise<void> {
  await db
    .insertInto("users")
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      pharmacy_id: user.pharmacyId,
      confirmed_at: user.confirmedAt ?? null,
    })
    .execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

export async function markConfirmed(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable("users").set({ confirmed_at: at }).where("id", "=", userId).execute();
}

export async function replaceCode(
  db: Db,
  code: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("verification_codes")
    .values({ user_id: code.userId, purpose: code.purpose, code_hash: code.codeHash, expires_at: code.expiresAt })
    .onConflict((oc) =>
      oc.columns(["user_id", "purpose"]).doUpdateSet({
        code_hash: code.codeHash,
        expires_at: code.expiresAt,
        failed_attempts: 0,
      }),
    )
    .execute();
}

export function findCode(db: Db, userId: string, purpose: CodePurpose) {
  return db
    .selectFrom("verification_codes")
    .selectAll()
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
}

export async function deleteCode(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db.deleteFrom("verification_codes").where("user_id", "=", userId).where("purpose", "=", purpose).execute();
}

/** The attempts count after this failure. */
export async function countFailedCodeAttempt(db: Db, userId: string, purpose: CodePurpose): Promise<number> {
  const row = await db
    .updateTable("verification_codes")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .returning("failed_attempts")
    .executeTakeFirst();
  return row?.failed_attempts ?? 0;
}

export async function insertRefreshToken(
  db: Db,
  token: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("refresh_tokens")
    .values({ token_hash: token.tokenHash, user_id: token.userId, expires_at: token.expiresAt })
    .execute();
}

export function findLiveRefreshToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom("refresh_tokens")
    .innerJoin("users", "users.id", "refresh_tokens.user_id")
    .select(["users.id as userId", "users.email", "users.pharmacy_id as pharmacyId"])
    .where("refresh_tokens.token_hash", "=", tokenHash)
    .where("refresh_tokens.revoked_at", "is", null)
    .where("refresh_tokens.expires_at", ">", now)
    .executeTakeFirst();
}

export async function revokeRefreshToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .execute();
}

export async function revokeAllRefreshTokens(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

export function findThrottles(db: Db, keys: string[]) {
  return db.selectFrom("auth_throttle").selectAll().where("key", "in", keys).execute();
}

export async function saveThrottle(
  db: Db,
  row: { key: string; failures: number; lockedUntil: Date | null; now: Date },
): Promise<void> {
  await db
    .insertInto("auth_throttle")
    .values({ key: row.key, failures: row.failures, locked_until: row.lockedUntil, updated_at: row.now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ failures: row.failures, locked_until: row.lockedUntil, updated_at: row.now }),
    )
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom("auth_throttle").where("key", "=", key).execute();
}
