import { sql } from "kysely";
import type { PersonRole } from "@pharmacy/contract/auth/roles";
import type { CodePurpose, Db, MembershipRow, UserRow } from "../../db/schema.js";
import type { ThrottleKey } from "./lockout-policy.js";

/** A person in one branch: their account and their membership there (role, invited, disabled). */
export type PersonRow = UserRow & Omit<MembershipRow, "user_id" | "created_at">;

/** A person's account joined to their memberships: filter by branch (or take their first) to get a PersonRow. */
function people(db: Db) {
  return db
    .selectFrom("users")
    .innerJoin("memberships", "memberships.user_id", "users.id")
    .selectAll("users")
    .select([
      "memberships.pharmacy_id",
      "memberships.role",
      "memberships.invited_at",
      "memberships.joined_at",
      "memberships.disabled_at",
    ]);
}

/** The person in that branch (any state), or undefined when they have no membership there. */
export function findPerson(db: Db, userId: string, pharmacyId: string): Promise<PersonRow | undefined> {
  return people(db).where("users.id", "=", userId).where("memberships.pharmacy_id", "=", pharmacyId).executeTakeFirst();
}

/**
 * The branch a sign-in lands on: the first the person joined of those they may work in (joined, not
 * disabled there). Undefined when there is none: the account is disabled everywhere.
 */
export function firstActiveMembership(db: Db, userId: string): Promise<PersonRow | undefined> {
  return people(db)
    .where("users.id", "=", userId)
    .where("memberships.joined_at", "is not", null)
    .where("memberships.disabled_at", "is", null)
    .orderBy("memberships.created_at")
    .orderBy("memberships.pharmacy_id")
    .executeTakeFirst();
}

/** The person in the first branch they were given, whatever their state there: where account events are recorded. */
export function firstMembership(db: Db, userId: string): Promise<PersonRow | undefined> {
  return people(db)
    .where("users.id", "=", userId)
    .orderBy("memberships.created_at")
    .orderBy("memberships.pharmacy_id")
    .executeTakeFirst();
}

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
    confirmedAt?: Date;
    name?: string;
  },
): Promise<void> {
  await db
    .insertInto("users")
    .values({
      id: user.id,
      email: user.email,
      password_hash: user.passwordHash,
      confirmed_at: user.confirmedAt ?? null,
      name: user.name ?? "",
      last_sign_in_at: null,
      mfa_pending_secret: null,
      mfa_secret: null,
      mfa_last_step: null,
    })
    .execute();
}

/** A person's place in a branch: joined at once (sign-up, a new branch) or invited (`invitedAt`, joined on accepting). */
export async function insertMembership(
  db: Db,
  membership: { userId: string; pharmacyId: string; role: PersonRole; joinedAt?: Date; invitedAt?: Date },
): Promise<void> {
  await db
    .insertInto("memberships")
    .values({
      user_id: membership.userId,
      pharmacy_id: membership.pharmacyId,
      role: membership.role,
      invited_at: membership.invitedAt ?? null,
      joined_at: membership.joinedAt ?? null,
      disabled_at: null,
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
  token: { tokenHash: string; userId: string; pharmacyId: string; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto("refresh_tokens")
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      pharmacy_id: token.pharmacyId,
      expires_at: token.expiresAt,
    })
    .returning("session_id")
    .executeTakeFirstOrThrow();
  return row.session_id;
}

/** The person (in the session's branch) and session of a live refresh token, unless disabled there. */
export function findLiveRefreshToken(db: Db, tokenHash: string, now: Date) {
  return people(db)
    .innerJoin("refresh_tokens", (join) =>
      join
        .onRef("refresh_tokens.user_id", "=", "users.id")
        .onRef("refresh_tokens.pharmacy_id", "=", "memberships.pharmacy_id"),
    )
    .select("refresh_tokens.session_id")
    .where("refresh_tokens.token_hash", "=", tokenHash)
    .where("refresh_tokens.revoked_at", "is", null)
    .where("refresh_tokens.expires_at", ">", now)
    .where("memberships.disabled_at", "is", null)
    .executeTakeFirst();
}

/** Ends one session of the person (a branch switch leaves the old one); its id when it was live. */
export async function revokeSession(db: Db, userId: string, sessionId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("session_id", "=", sessionId)
    .where("revoked_at", "is", null)
    .returning("session_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The session ended by this token and its person, or undefined when it was not live. */
export function revokeRefreshToken(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .returning(["session_id", "user_id", "pharmacy_id"])
    .executeTakeFirst();
}

/** Every live session of the user (in one branch when given), ended. */
export async function revokeAllRefreshTokens(
  db: Db,
  userId: string,
  now: Date,
  pharmacyId?: string,
): Promise<Array<{ session_id: string; pharmacy_id: string }>> {
  let query = db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (pharmacyId !== undefined) query = query.where("pharmacy_id", "=", pharmacyId);
  return query.returning(["session_id", "pharmacy_id"]).execute();
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

export function listPeople(db: Db, pharmacyId: string): Promise<PersonRow[]> {
  return people(db)
    .where("memberships.pharmacy_id", "=", pharmacyId)
    .orderBy("memberships.created_at")
    .orderBy("users.email")
    .execute();
}

/** The person's membership of the branch, locked when asked (the person's row is not: other branches go on). */
export function findPersonOfBranch(
  db: Db,
  pharmacyId: string,
  id: string,
  forUpdate = false,
): Promise<PersonRow | undefined> {
  let query = people(db).where("users.id", "=", id).where("memberships.pharmacy_id", "=", pharmacyId);
  if (forUpdate) query = query.forUpdate("memberships");
  return query.executeTakeFirst();
}

/**
 * The branch's active admins, locked: two changes that could each remove the last admin wait for
 * each other, and the second sees the first's result.
 */
export function lockActiveAdmins(db: Db, pharmacyId: string): Promise<Array<{ id: string }>> {
  return db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select("users.id")
    .where("memberships.pharmacy_id", "=", pharmacyId)
    .where("memberships.role", "=", "admin")
    .where("memberships.disabled_at", "is", null)
    .where("memberships.joined_at", "is not", null)
    .where("users.confirmed_at", "is not", null)
    .forUpdate("memberships")
    .execute();
}

/** A person's name (theirs in every branch) and their role, state and invitation in this one. */
export async function updatePerson(
  db: Db,
  pharmacyId: string,
  id: string,
  changes: Partial<{ name: string; role: PersonRole; disabled_at: Date | null; invited_at: Date }>,
): Promise<PersonRow> {
  const { name, ...membership } = changes;
  if (name !== undefined) await db.updateTable("users").set({ name }).where("id", "=", id).execute();
  if (Object.keys(membership).length > 0)
    await db
      .updateTable("memberships")
      .set(membership)
      .where("user_id", "=", id)
      .where("pharmacy_id", "=", pharmacyId)
      .execute();
  return (await findPerson(db, id, pharmacyId))!;
}

export async function insertInvitation(
  db: Db,
  invitation: {
    tokenHash: string;
    userId: string;
    pharmacyId: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto("invitations")
    .values({
      token_hash: invitation.tokenHash,
      user_id: invitation.userId,
      pharmacy_id: invitation.pharmacyId,
      expires_at: invitation.expiresAt,
      created_at: invitation.createdAt,
    })
    .execute();
}

export async function deleteInvitationOf(db: Db, userId: string, pharmacyId: string): Promise<void> {
  await db.deleteFrom("invitations").where("user_id", "=", userId).where("pharmacy_id", "=", pharmacyId).execute();
}

/**
 * Takes back an invitation not accepted: the membership and its link go; so does the account when it
 * was made for this invitation alone (never confirmed, no other membership).
 */
export async function deletePerson(db: Db, pharmacyId: string, id: string): Promise<void> {
  await deleteInvitationOf(db, id, pharmacyId);
  await db.deleteFrom("memberships").where("user_id", "=", id).where("pharmacy_id", "=", pharmacyId).execute();
  await db
    .deleteFrom("users")
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("memberships").select("user_id").where("user_id", "=", id))))
    .execute();
}

/** Single use: of two requests with the same token, only one gets its row back. */
export function takeInvitation(db: Db, tokenHash: string) {
  return db
    .deleteFrom("invitations")
    .where("token_hash", "=", tokenHash)
    .returning(["user_id", "pharmacy_id", "expires_at"])
    .executeTakeFirst();
}

/** The invited person joins the branch; a new account also gets its password and is confirmed. */
export async function acceptInvitation(
  db: Db,
  invitation: { userId: string; pharmacyId: string },
  at: Date,
  passwordHash?: string,
): Promise<PersonRow> {
  if (passwordHash !== undefined)
    await db
      .updateTable("users")
      .set({ password_hash: passwordHash, confirmed_at: at })
      .where("id", "=", invitation.userId)
      .execute();
  await db
    .updateTable("memberships")
    .set({ joined_at: at })
    .where("user_id", "=", invitation.userId)
    .where("pharmacy_id", "=", invitation.pharmacyId)
    .execute();
  return (await findPerson(db, invitation.userId, invitation.pharmacyId))!;
}

/** The branches a person works in (joined, not disabled there), with their role and the branch's name. */
export function listBranchesOf(db: Db, userId: string) {
  return db
    .selectFrom("memberships")
    .innerJoin("pharmacies", "pharmacies.id", "memberships.pharmacy_id")
    .select(["pharmacies.id", "pharmacies.name", "memberships.role"])
    .where("memberships.user_id", "=", userId)
    .where("memberships.joined_at", "is not", null)
    .where("memberships.disabled_at", "is", null)
    .orderBy("memberships.created_at")
    .orderBy("pharmacies.id")
    .execute();
}

/** The organisation of a branch, and whether the person is one of its admins. */
export async function organizationRoleOf(
  db: Db,
  userId: string,
  pharmacyId: string,
): Promise<{ organizationId: string; organizationAdmin: boolean }> {
  const row = await db
    .selectFrom("pharmacies")
    .leftJoin("organization_admins", (join) =>
      join
        .onRef("organization_admins.organization_id", "=", "pharmacies.organization_id")
        .on("organization_admins.user_id", "=", userId),
    )
    .select(["pharmacies.organization_id", "organization_admins.user_id"])
    .where("pharmacies.id", "=", pharmacyId)
    .executeTakeFirstOrThrow();
  return { organizationId: row.organization_id, organizationAdmin: row.user_id !== null };
}
