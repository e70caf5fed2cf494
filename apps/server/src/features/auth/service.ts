import { randomUUID } from "node:crypto";
import { ErrorCode } from "@pharmacy/contract/errors";
import type { SignInResponse, User } from "@pharmacy/contract/auth";
import type { CodePurpose, Db, UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AuthError, UnauthorizedError } from "../../lib/errors.js";
import type { Mailer } from "../../mail/mailer.js";
import { passwordResetCodeMail, signUpCodeMail } from "../../mail/templates.js";
import type { UnitOfWork } from "../../live/unit-of-work.js";
import type { PharmacyService } from "../pharmacy/service.js";
import type { IdTokens } from "./id-tokens.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import * as repo from "./repository.js";
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
const REFRESH_TOKEN_TTL_MS = 30 * 24 * HOUR_MS;

export interface AuthServiceDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  pharmacies: PharmacyService;
  clock: Clock;
  mailer: Mailer;
  idTokens: IdTokens;
  /** Keys the confirmation-code hashes. */
  codeKey: string;
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
  async signUp(email: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    if (await repo.findUserByEmail(this.deps.db, email)) throw new AuthError(ErrorCode.EmailTaken);
    const userId = randomUUID();
    await this.createAccount({ userId, email, passwordHash });
    await this.sendCode(userId, email, "sign_up");
  }

  /** An account that may sign in at once, without a mailed code (the demo account). */
  async createConfirmedAccount(email: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    return this.createAccount({ userId: randomUUID(), email, passwordHash, confirmedAt: this.deps.clock.now() });
  }

  /** Creates a user and its pharmacy branch together; the branch's id. */
  private async createAccount(account: { userId: string; email: string; passwordHash: string; confirmedAt?: Date }): Promise<string> {
    try {
      return await this.deps.unitOfWork.run(async (work) => {
        const pharmacyId = await this.deps.pharmacies.create(work);
        await repo.insertUser(work.db, { ...account, id: account.userId, pharmacyId });
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

  /** A confirmed account has no sign-up code, so it answers like a wrong code: nothing tells it apart. */
  async confirmSignUp(email: string, code: string, ip: string): Promise<void> {
    await this.withCode(email, "sign_up", code, ip, async (user) => {
      await repo.markConfirmed(this.deps.db, user.id, this.deps.clock.now());
    });
  }

  /** Looks the e-mail up only after the answer has gone (routes call it from onResponse), so neither answer nor time tells. */
  async resendConfirmationCode(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user && !user.confirmed_at) await this.sendCode(user.id, email, "sign_up");
  }

  /**
   * Attempts are counted per account and per address; from an address this account has signed in
   * from before, only that pair is counted, so neither a guesser elsewhere nor one busy address can
   * lock its owner out.
   */
  async signIn(email: string, password: string, ip: string): Promise<SignInResponse> {
    const { db, clock } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    const knownAddress = user !== undefined && (await repo.hasSignedInFrom(db, user.id, ip));
    await this.throttle.claim(knownAddress ? [knownAddressKey(email, ip)] : [accountKey(email), ipKey(ip)]);
    if (!(await verifyPassword(user?.password_hash, password)) || !user) {
      throw new AuthError(ErrorCode.WrongCredentials);
    }
    await this.throttle.succeeded([accountKey(email), knownAddressKey(email, ip)], [ipKey(ip)]);
    if (!user.confirmed_at) throw new AuthError(ErrorCode.NotConfirmed);
    await repo.recordSignInAddress(db, user.id, ip, clock.now());
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken(this.deps.db, {
      tokenHash: hashRefreshToken(refreshToken),
      userId: user.id,
      expiresAt: new Date(this.deps.clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    const identity = toUser(user);
    const idToken = await this.deps.idTokens.sign({ userId: user.id, pharmacyId: user.pharmacy_id, email });
    return { idToken, refreshToken, user: identity };
  }

  /** Also for a pending account: confirming the reset confirms its e-mail. Run after answering, like resend. */
  async forgotPassword(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user) await this.sendCode(user.id, email, "reset_password");
  }

  async confirmForgotPassword(email: string, code: string, newPassword: string, ip: string): Promise<void> {
    const { db, clock } = this.deps;
    await this.withCode(email, "reset_password", code, ip, async (user) => {
      const passwordHash = await hashPassword(newPassword);
      await db.transaction().execute(async (trx) => {
        await repo.updatePasswordHash(trx, user.id, passwordHash);
        await repo.revokeAllRefreshTokens(trx, user.id, clock.now());
        if (!user.confirmed_at) await repo.markConfirmed(trx, user.id, clock.now());
      });
      await this.throttle.succeeded([accountKey(email)], []);
    });
  }

  async refresh(refreshToken: string): Promise<string> {
    const owner = await repo.findLiveRefreshToken(this.deps.db, hashRefreshToken(refreshToken), this.deps.clock.now());
    if (!owner) throw new UnauthorizedError("セッションの有効期限が切れました。もう一度ログインしてください。");
    return this.deps.idTokens.sign(owner);
  }

  async signOut(refreshToken: string): Promise<void> {
    await repo.revokeRefreshToken(this.deps.db, hashRefreshToken(refreshToken), this.deps.clock.now());
  }

  async currentUser(userId: string): Promise<User> {
    const user = await repo.findUserById(this.deps.db, userId);
    if (!user) throw new UnauthorizedError();
    return toUser(user);
  }

  private async sendCode(userId: string, email: string, purpose: CodePurpose): Promise<void> {
    const code = newConfirmationCode();
    await repo.replaceCode(this.deps.db, {
      userId,
      purpose,
      codeHash: hashConfirmationCode(this.deps.codeKey, userId, purpose, code),
      expiresAt: new Date(this.deps.clock.now().getTime() + CODE_TTL_MS[purpose]),
    });
    const mail = purpose === "sign_up" ? signUpCodeMail(email, code) : passwordResetCodeMail(email, code);
    await this.deps.mailer.send(mail);
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
  ): Promise<void> {
    const { db, clock, codeKey } = this.deps;
    await this.throttle.claim([ipKey(ip)]);
    const user = await repo.findUserByEmail(db, email);
    // the same statements run for an unknown e-mail, so its answer takes as long
    const stored = await repo.claimCodeTry(db, user?.id ?? NO_USER_ID, purpose, MAX_CODE_TRIES);
    const codeHash = user ? hashConfirmationCode(codeKey, user.id, purpose, code) : "";
    if (!user || !stored || !confirmationCodeMatches(stored.code_hash, codeHash)) throw new AuthError(ErrorCode.WrongCode);
    if (stored.expires_at <= clock.now()) {
      await repo.deleteCode(db, user.id, purpose);
      throw new AuthError(ErrorCode.CodeExpired);
    }
    if (!(await repo.consumeCode(db, user.id, purpose, stored.code_hash))) throw new AuthError(ErrorCode.WrongCode);
    await this.throttle.succeeded([], [ipKey(ip)]);
    await then(user);
  }
}

function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, pharmacyId: row.pharmacy_id };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
