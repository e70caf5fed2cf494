import { randomUUID } from "node:crypto";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import type { SignInResponse } from "@pharmacy/contract/auth/auth";
import { MFA_TOKEN_VALID_MINUTES, type MfaRequiredResponse, type SignInAnswer } from "@pharmacy/contract/auth/mfa";
import type { Me } from "@pharmacy/contract/auth/staff";
import { isDeviceRole, type PersonRole } from "@pharmacy/contract/auth/roles";
import type { CodePurpose, Db, UserRow } from "../../db/schema.js";
import type { OrganizationService } from "../organization/index.js";
import type { Clock } from "../../lib/clock.js";
import { AuthError, InvalidInputError, UnauthorizedError } from "../../lib/errors.js";
import type { Mailer, OutgoingMail } from "../../mail/mailer.js";
import { passwordResetCodeMail, resentSignUpCodeMail, signUpCodeMail } from "../../mail/templates.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { SettingsService } from "../settings/index.js";
import type { AuditService } from "../audit/index.js";
import { personActor } from "./actor.js";
import type { IdentityClaims } from "../../lib/identity.js";
import type { IdTokens } from "./id-tokens.js";
import { sessionEnded, type DeviceSessions } from "./sessions.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import * as repo from "./repository.js";
import type { BranchSwitch } from "./branch-switch.js";
import type { SessionTokens } from "./session-tokens.js";
import { deleteExpiredChallenges, insertChallenge } from "./mfa-repository.js";
import {
  confirmationCodeMatches,
  hashConfirmationCode,
  hashRefreshToken,
  newConfirmationCode,
  newRefreshToken,
} from "./secrets.js";
import { accountKey, ipKey, knownAddressKey } from "./lockout-policy.js";
import { AuthThrottle } from "./throttle.js";

const HOUR_MS = 60 * 60_000;
const CODE_TTL_MS: Record<CodePurpose, number> = { sign_up: 24 * HOUR_MS, reset_password: HOUR_MS };
const MAX_CODE_TRIES = 5;
const NO_USER_ID = "00000000-0000-0000-0000-000000000000";
const CODE_MAILS: Record<CodePurpose, (to: string, code: string) => OutgoingMail> = {
  sign_up: signUpCodeMail,
  reset_password: passwordResetCodeMail,
};
const NEW_PASSWORD_NEEDED = "新しいパスワードを設定してください";

export interface AuthServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  pharmacies: PharmacyService;
  organizations: OrganizationService;
  clock: Clock;
  mailer: Mailer;
  idTokens: IdTokens;
  settings: SettingsService;
  /** The device tokens' sessions: a device's token is its refresh token. */
  deviceSessions: DeviceSessions;
  /** Keys the confirmation-code hashes. */
  codeKey: string;
  audit: AuditService;
  /** Issues a session's refresh and id tokens (session-tokens.ts). */
  sessionTokens: SessionTokens;
  /** Makes the new account's person the admin of its first branch (branch-switch.ts). */
  branches: BranchSwitch;
}

export class AuthService {
  private readonly throttle: AuthThrottle;

  constructor(private readonly deps: AuthServiceDeps) {
    this.throttle = new AuthThrottle(deps.db, deps.clock);
  }

  /**
   * Any account, confirmed or not, makes a new sign-up answer 1007: replacing a pending account's
   * password would let someone else take it over once its owner confirms. The owner of a pending
   * account recovers with resend_confirmation_code or forgot_password.
   */
  async signUp({
    email,
    password,
    name,
    organizationName,
  }: {
    email: string;
    password: string;
    name: string;
    organizationName?: string | undefined;
  }): Promise<void> {
    const passwordHash = await hashPassword(password);
    if (await repo.findUserByEmail(this.deps.db, email)) throw new AuthError(ErrorCode.EmailTaken);
    const userId = randomUUID();
    await this.createAccount({ userId, email, passwordHash, name, organizationName });
    await this.sendCode(userId, email, "sign_up");
  }

  /** An account that may sign in at once, without a mailed code (the demo account). */
  async createConfirmedAccount(email: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    return this.createAccount({ userId: randomUUID(), email, passwordHash, confirmedAt: this.deps.clock.now() });
  }

  /** A confirmed person of an existing branch (the demo's staff member). */
  async addConfirmedPerson(
    pharmacyId: string,
    person: { email: string; password: string; name: string; role: PersonRole },
  ): Promise<void> {
    const id = randomUUID();
    const passwordHash = await hashPassword(person.password);
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.insertUser(trx, { id, email: person.email, passwordHash, confirmedAt: now, name: person.name });
      await repo.insertMembership(trx, { userId: id, pharmacyId, role: person.role, joinedAt: now });
    });
  }

  /** Creates a user, its organisation and first branch together, the user their admin; the branch's id. */
  private async createAccount(account: {
    userId: string;
    email: string;
    passwordHash: string;
    name?: string;
    organizationName?: string | undefined;
    confirmedAt?: Date;
  }): Promise<string> {
    const { userId, organizationName, ...user } = account;
    try {
      return await this.deps.unitOfWork.run(async (work) => {
        await repo.insertUser(work.db, { ...user, id: userId });
        const { pharmacyId } = await this.deps.organizations.createWithFirstBranch(
          work,
          userId,
          organizationName ?? "",
        );
        await this.deps.branches.joinBranch(work, userId, pharmacyId, "admin");
        return pharmacyId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError(ErrorCode.EmailTaken);
      throw error;
    }
  }

  async hasAccount(email: string): Promise<boolean> {
    return (await repo.findUserByEmail(this.deps.db, email)) !== undefined;
  }

  /**
   * A confirmed account has no sign-up code, so it answers like a wrong code: nothing tells it apart.
   * A password sent with the code becomes the account's; after a resend one must be sent (the right
   * code without it is answered 400 on `password` and stays usable), so confirming never activates a
   * password someone else chose.
   */
  async confirmSignUp(email: string, code: string, ip: string, password?: string): Promise<void> {
    const { db, clock } = this.deps;
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    const needsPassword = (user: UserRow) => {
      if (user.password_hash === null && passwordHash === undefined)
        throw InvalidInputError.of(NEW_PASSWORD_NEEDED, ["password"]);
    };
    await this.withCode(
      email,
      "sign_up",
      code,
      ip,
      async (user) => {
        await db.transaction().execute(async (trx) => {
          if (passwordHash !== undefined) await repo.updatePasswordHash(trx, user.id, passwordHash);
          await repo.markConfirmed(trx, user.id, clock.now());
        });
      },
      needsPassword,
    );
  }

  /**
   * Looks the e-mail up only after the answer has gone (routes call it from onResponse), so neither
   * answer nor time tells. Whoever signed up may not own the mailbox (a pre-hijack): the owner asking
   * for a new code voids that password, and the confirmation sets the owner's own.
   */
  async resendConfirmationCode(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (!user || user.confirmed_at) return;
    await repo.voidPendingPassword(this.deps.db, user.id);
    await this.sendCode(user.id, email, "sign_up", resentSignUpCodeMail);
  }

  /**
   * Attempts are counted per account and per address; from an address this account has signed in
   * from before, only that pair is counted, so neither a guesser elsewhere nor one busy address can
   * lock its owner out.
   */
  async signIn(email: string, password: string, ip: string): Promise<SignInAnswer> {
    const { db, clock } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    const knownAddress = user !== undefined && (await repo.hasSignedInFrom(db, user.id, ip));
    await this.throttle.claim(knownAddress ? [knownAddressKey(email, ip)] : [accountKey(email), ipKey(ip)]);
    if (!(await verifyPassword(user?.password_hash ?? undefined, password)) || !user) {
      throw new AuthError(ErrorCode.WrongCredentials);
    }
    await this.throttle.succeeded([accountKey(email), knownAddressKey(email, ip)], [ipKey(ip)]);
    if (!user.confirmed_at) throw new AuthError(ErrorCode.NotConfirmed);
    // disabled in every branch: answered like a wrong password
    if (!(await repo.firstActiveMembership(db, user.id))) throw new AuthError(ErrorCode.WrongCredentials);
    await repo.recordSignInAddress(db, user.id, ip, clock.now());
    if (user.mfa_secret !== null) return this.startMfaChallenge(user);
    return this.startSession(user);
  }

  /** The step between a correct password and the code: a token good for 5 minutes and 5 tries. */
  private async startMfaChallenge(user: UserRow): Promise<MfaRequiredResponse> {
    const { db, clock } = this.deps;
    const mfaToken = newRefreshToken();
    await deleteExpiredChallenges(db, clock.now());
    await insertChallenge(db, {
      tokenHash: hashRefreshToken(mfaToken),
      userId: user.id,
      expiresAt: new Date(clock.now().getTime() + MFA_TOKEN_VALID_MINUTES * 60_000),
    });
    return { mfaRequired: true, mfaToken };
  }

  /**
   * A new session (refresh token) of a person who has proven who they are, and its first id token, on
   * the first branch they work in (docs/rules.md#organisations); none left: 1010, like a wrong password.
   */
  async startSession(user: UserRow): Promise<SignInResponse> {
    const person = await repo.firstActiveMembership(this.deps.db, user.id);
    if (!person) throw new AuthError(ErrorCode.WrongCredentials);
    const { db } = this.deps;
    await repo.recordSignIn(db, user.id, this.deps.clock.now());
    await this.deps.audit.record(db, personActor(person), "sign_in", { type: "user", id: user.id });
    return this.deps.sessionTokens.tokensOf(person, await this.deps.sessionTokens.newSession(db, person));
  }

  /**
   * Whether a person whose id token says they are held to MFA setup still is: once they turn it on (or
   * the policy is turned off) their calls go through at once, without waiting for a new id token.
   */
  async stillHeldToMfaSetup(identity: IdentityClaims): Promise<boolean> {
    const user = await repo.findPerson(this.deps.db, identity.userId, identity.pharmacyId);
    return user !== undefined && (await this.deps.sessionTokens.claimsOf(user, identity.sessionId)).mfaSetupRequired;
  }

  /**
   * Ends the person's sessions, in the caller's unit of work: every process ends them once it commits.
   * Those on one branch when given (a role changed or disabled there), else all (a new password).
   */
  async endSessionsOf(work: Work, userId: string, pharmacyId?: string): Promise<void> {
    const sessions = await repo.revokeAllRefreshTokens(work.db, userId, this.deps.clock.now(), pharmacyId);
    work.announce(...sessions.map((session) => sessionEnded(session.pharmacy_id, session.session_id)));
  }

  /** Also for a pending account: confirming the reset confirms its e-mail. Run after answering, like resend. */
  async forgotPassword(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user) await this.sendCode(user.id, email, "reset_password");
  }

  async confirmForgotPassword(email: string, code: string, newPassword: string, ip: string): Promise<void> {
    const { unitOfWork, clock } = this.deps;
    await this.withCode(email, "reset_password", code, ip, async (user) => {
      const passwordHash = await hashPassword(newPassword);
      await unitOfWork.run(async (work) => {
        await repo.updatePasswordHash(work.db, user.id, passwordHash);
        if (!user.confirmed_at) await repo.markConfirmed(work.db, user.id, clock.now());
        const person = await repo.firstMembership(work.db, user.id);
        if (person)
          await this.deps.audit.record(work.db, personActor(person), "password.reset", { type: "user", id: user.id });
        await this.endSessionsOf(work, user.id);
      });
      await this.throttle.succeeded([accountKey(email)], []);
    });
  }

  /** A person's refresh token, or a device's token (devices keep theirs as their refresh token). */
  async refresh(refreshToken: string): Promise<string> {
    const owner = await repo.findLiveRefreshToken(this.deps.db, hashRefreshToken(refreshToken), this.deps.clock.now());
    if (owner) return this.deps.idTokens.sign(await this.deps.sessionTokens.claimsOf(owner, owner.session_id));
    const deviceIdToken = await this.deps.deviceSessions.refresh(refreshToken);
    if (deviceIdToken) return deviceIdToken;
    throw new UnauthorizedError("セッションの有効期限が切れました。もう一度ログインしてください。");
  }

  async signOut(refreshToken: string): Promise<void> {
    const signedOut = await this.deps.unitOfWork.run(async (work) => {
      const revoked = await repo.revokeRefreshToken(work.db, hashRefreshToken(refreshToken), this.deps.clock.now());
      if (!revoked) return false;
      const person = await repo.findPerson(work.db, revoked.user_id, revoked.pharmacy_id);
      if (person)
        await this.deps.audit.record(work.db, personActor(person), "sign_out", { type: "user", id: person.id });
      work.announce(sessionEnded(revoked.pharmacy_id, revoked.session_id));
      return true;
    });
    if (!signedOut) await this.deps.deviceSessions.signOut(refreshToken);
  }

  /** GET /api/user/me of a person (a device's answer comes from its token). */
  async me(identity: IdentityClaims): Promise<Me> {
    if (isDeviceRole(identity.role)) {
      return { ...identityFields(identity), mfaEnabled: false, mfaSetupRequired: false };
    }
    const user = await repo.findPerson(this.deps.db, identity.userId, identity.pharmacyId);
    if (!user || user.disabled_at) throw new UnauthorizedError();
    const claims = await this.deps.sessionTokens.claimsOf(user, identity.sessionId);
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      pharmacyId: user.pharmacy_id,
      organizationId: claims.organizationId,
      organizationAdmin: claims.organizationAdmin,
      mfaEnabled: user.mfa_secret !== null,
      mfaSetupRequired: claims.mfaSetupRequired,
    };
  }

  private async sendCode(
    userId: string,
    email: string,
    purpose: CodePurpose,
    mailOf = CODE_MAILS[purpose],
  ): Promise<void> {
    const code = newConfirmationCode();
    await repo.replaceCode(this.deps.db, {
      userId,
      purpose,
      codeHash: hashConfirmationCode(this.deps.codeKey, userId, purpose, code),
      expiresAt: new Date(this.deps.clock.now().getTime() + CODE_TTL_MS[purpose]),
    });
    await this.deps.mailer.send(mailOf(email, code));
  }

  /**
   * Runs `then` once the code is right. Every try is counted per address and per code before it is
   * checked (see `claimCodeTry`): the fifth try destroys the code even when they all arrive at once.
   * An unknown e-mail, no pending code, a used-up code and a wrong code all answer 1008; 1009 only
   * to the right code past its time, which only the mailbox's owner knows.
   */
  private async withCode(
    email: string,
    purpose: CodePurpose,
    code: string,
    ip: string,
    then: (user: UserRow) => Promise<void>,
    /** Runs once the code is right, before it is used up: what it throws leaves the code usable. */
    check: (user: UserRow) => void = () => undefined,
  ): Promise<void> {
    const { db, clock, codeKey } = this.deps;
    await this.throttle.claim([ipKey(ip)]);
    const user = await repo.findUserByEmail(db, email);
    // the same statements run for an unknown e-mail, so its answer takes as long
    const stored = await repo.claimCodeTry(db, user?.id ?? NO_USER_ID, purpose, MAX_CODE_TRIES);
    const codeHash = user ? hashConfirmationCode(codeKey, user.id, purpose, code) : "";
    if (!user || !stored || !confirmationCodeMatches(stored.code_hash, codeHash))
      throw new AuthError(ErrorCode.WrongCode);
    if (stored.expires_at <= clock.now()) {
      await repo.deleteCode(db, user.id, purpose);
      throw new AuthError(ErrorCode.CodeExpired);
    }
    check(user);
    if (!(await repo.consumeCode(db, user.id, purpose, stored.code_hash))) throw new AuthError(ErrorCode.WrongCode);
    await this.throttle.succeeded([], [ipKey(ip)]);
    await then(user);
  }
}

function identityFields(identity: IdentityClaims) {
  return {
    id: identity.userId,
    email: identity.email,
    name: identity.name,
    role: identity.role,
    pharmacyId: identity.pharmacyId,
    organizationId: identity.organizationId,
    organizationAdmin: false,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
