import { sql } from "kysely";
import type { PersonRole } from "@pharmacy/contract/auth/roles";
import type { CodePurpose, Db, UserRow } from "../../db/schema.js";
import type { ThrottleKey } from "./lockout-policy.js";

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: {
    id: string;
    email: string;
    passwordHash: string;
    pharmacyId: string;
    confirmedAt?: Date;
    name?: string;
    role?: PersonRole;
    invitedAt?: Date;
  },
): Promise<void> {
  await db
    .insertInto("users")
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      pharmacy_id: user.pharmacyId,
      confirmed_at: user.confirmedAt ?? null,
      name: user.name ?? "",
      role: user.role ?? "admin",
      invited_at: user.invitedAt ?? null,
      disabled_at: null,
      last_sign_in_at: null,
      mfa_pending_secret: null,
      mfa_secret: null,
      mfa_last_step: null,
    })
    .execute();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
}

/** A pending account loses the password it was signed up with (see migration 013); a confirmed one is untouched. */
export async function voidPendingPassword(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: null })
    .where("id", "=", userId)
    .where("confirmed_at", "is", null)
    .execute();
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

/**
 * Counts one try of the live code and hands back what to check it against, in one statement: past
 * `maxTries` nothing comes back, however many tries arrive at once.
 */
export function claimCodeTry(db: Db, userId: string, purpose: CodePurpose, maxTries: number) {
  return db
    .updateTable("verification_codes")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("failed_attempts", "<", maxTries)
    .returning(["code_hash", "expires_at"])
    .executeTakeFirst();
}

/** Single use: of two requests with the right code, only the one that deletes it gets true. */
export async function consumeCode(db: Db, userId: string, purpose: CodePurpose, codeHash: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom("verification_codes")
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("code_hash", "=", codeHash)
    .returning("user_id")
    .executeTakeFirst();
  return deleted !== undefined;
}

export async function deleteCode(db: Db, userId: string, purpose: CodePurpose): Promise<void> {
  await db.deleteFrom("verification_codes").where("user_id", "=", userId).where("purpose", "=", purpose).execute();
}

/** A new session of the user; its id. */
export async function insertRefreshToken(
  db: Db,
  token: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto("refresh_tokens")
    .values({ token_hash: token.tokenHash, user_id: token.userId, expires_at: token.expiresAt })
    .returning("session_id")
    .executeTakeFirstOrThrow();
  return row.session_id;
}

/** The user and session of a live refresh token of a person who is not disabled. */
export function findLiveRefreshToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom("refresh_tokens")
    .innerJoin("users", "users.id", "refresh_tokens.user_id")
    .selectAll("users")
    .select("refresh_tokens.session_id")
    .where("refresh_tokens.token_hash", "=", tokenHash)
    .where("refresh_tokens.revoked_at", "is", null)
    .where("refresh_tokens.expires_at", ">", now)
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
}

/** The session it ended, if it was live. */
/** The session ended by this token and its person, or undefined when it was not live. */
export function revokeRefreshToken(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .returning(["session_id", "user_id"])
    .executeTakeFirst();
}

/** Every live session of the user, ended; their ids. */
export async function revokeAllRefreshTokens(db: Db, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .returning("session_id")
    .execute();
  return rows.map((row) => row.session_id);
}

/** The sessions of people signed out or ended since `since`. */
export async function sessionsEndedSince(db: Db, since: Date): Promise<string[]> {
  const rows = await db.selectFrom("refresh_tokens").select("session_id").where("revoked_at", ">", since).execute();
  return rows.map((row) => row.session_id);
}

export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable("users").set({ last_sign_in_at: at }).where("id", "=", userId).execute();
}

/**
 * Counts one attempt on a key and locks it from its threshold on (1 s doubling up to 15 min, as
 * Cognito), in one statement that refuses a key already locked: false then.
 */
export async function claimThrottleAttempt(
  db: Db,
  { key, threshold, firstLockMs, maxLockMs, memoryMs }: ThrottleKey,
  now: Date,
): Promise<boolean> {
  const forgetBefore = new Date(now.getTime() - memoryMs);
  const failures = sql<number>`(case when t.updated_at > ${forgetBefore} then t.failures + 1 else 1 end)`;
  const result = await sql<{ key: string }>`
    insert into auth_throttle as t (key, failures, locked_until, updated_at)
    values (${key}, 1, null, ${now})
    on conflict (key) do update set
      failures = ${failures},
      locked_until = case when ${failures} >= ${threshold}::int
        then ${now}::timestamptz + least(${maxLockMs}::float8, ${firstLockMs}::float8 * power(2, least(${failures} - ${threshold}::int, 40))) * interval '1 millisecond'
        end,
      updated_at = ${now}
    where t.locked_until is null or t.locked_until <= ${now}
    returning key`.execute(db);
  return result.rows.length > 0;
}

/** Takes back one counted attempt (it succeeded), and the lock it may have started. */
export async function forgiveThrottleAttempt(db: Db, { key, threshold }: ThrottleKey): Promise<void> {
  await sql`
    update auth_throttle
    set failures = greatest(failures - 1, 0),
        locked_until = case when failures - 1 >= ${threshold}::int then locked_until end
    where key = ${key}`.execute(db);
}

export async function lockedUntilOf(db: Db, key: string): Promise<Date | undefined> {
  const row = await db.selectFrom("auth_throttle").select("locked_until").where("key", "=", key).executeTakeFirst();
  return row?.locked_until ?? undefined;
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom("auth_throttle").where("key", "=", key).execute();
}

export async function hasSignedInFrom(db: Db, userId: string, address: string): Promise<boolean> {
  const row = await db
    .selectFrom("sign_in_addresses")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("address", "=", address)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordSignInAddress(db: Db, userId: string, address: string, at: Date): Promise<void> {
  await db
    .insertInto("sign_in_addresses")
    .values({ user_id: userId, address, last_signed_in_at: at })
    .onConflict((oc) => oc.columns(["user_id", "address"]).doUpdateSet({ last_signed_in_at: at }))
    .execute();
}

export function listPeople(db: Db, pharmacyId: string): Promise<UserRow[]> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("pharmacy_id", "=", pharmacyId)
    .orderBy("created_at")
    .orderBy("email")
    .execute();
}

export function findPersonOfBranch(
  db: Db,
  pharmacyId: string,
  id: string,
  forUpdate = false,
): Promise<UserRow | undefined> {
  let query = db.selectFrom("users").selectAll().where("id", "=", id).where("pharmacy_id", "=", pharmacyId);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The branch's active admins, locked: two changes that could each remove the last admin wait for
 * each other, and the second sees the first's result.
 */
export function lockActiveAdmins(db: Db, pharmacyId: string): Promise<Array<{ id: string }>> {
  return db
    .selectFrom("users")
    .select("id")
    .where("pharmacy_id", "=", pharmacyId)
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .where("confirmed_at", "is not", null)
    .forUpdate()
    .execute();
}

export async function updatePerson(
  db: Db,
  id: string,
  changes: Partial<{ name: string; role: PersonRole; disabled_at: Date | null; invited_at: Date }>,
): Promise<UserRow> {
  return db.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function insertInvitation(
  db: Db,
  invitation: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto("invitations")
    .values({
      token_hash: invitation.tokenHash,
      user_id: invitation.userId,
      expires_at: invitation.expiresAt,
      created_at: invitation.createdAt,
    })
    .execute();
}

export async function deleteInvitationOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("invitations").where("user_id", "=", userId).execute();
}

/** Removes a person who never joined; their invitation goes with them (on delete cascade). */
export async function deletePerson(db: Db, id: string): Promise<void> {
  await db.deleteFrom("users").where("id", "=", id).execute();
}

/** Single use: of two requests with the same token, only one gets its row back. */
export function takeInvitation(db: Db, tokenHash: string) {
  return db
    .deleteFrom("invitations")
    .where("token_hash", "=", tokenHash)
    .returning(["user_id", "expires_at"])
    .executeTakeFirst();
}

export async function acceptInvitation(db: Db, userId: string, passwordHash: string, at: Date): Promise<UserRow> {
  return db
    .updateTable("users")
    .set({ password_hash: passwordHash, confirmed_at: at })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
