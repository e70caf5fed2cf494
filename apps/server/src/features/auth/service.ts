import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ErrorCode } from "@pharmacy/contract/errors";
import type { SignInResponse, User } from "@pharmacy/contract/auth";
import type { CodePurpose, Database, UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AuthError, UnauthorizedError } from "../../lib/errors.js";
import type { Mailer } from "../../mail/mailer.js";
import { passwordResetCodeMail, signUpCodeMail } from "../../mail/templates.js";
import { insertPharmacy } from "../pharmacy/repository.js";
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
import { AuthThrottle, accountKey, ipKey } from "./throttle.js";

const HOUR_MS = 60 * 60_000;
const CODE_TTL_MS: Record<CodePurpose, number> = { sign_up: 24 * HOUR_MS, reset_password: HOUR_MS };
const MAX_WRONG_CODE_ATTEMPTS = 5;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * HOUR_MS;

export interface AuthServiceDeps {
  db: Kysely<Database>;
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

  /** An unconfirmed account may sign up again: the new password replaces the old and a new code is sent. */
  async signUp(email: string, password: string): Promise<void> {
    const { db } = this.deps;
    const passwordHash = await hashPassword(password);
    const existing = await repo.findUserByEmail(db, email);
    if (existing?.confirmed_at) throw new AuthError(ErrorCode.EmailTaken);
    let userId = existing?.id;
    if (userId) {
      await repo.updatePasswordHash(db, userId, passwordHash);
    } else {
      userId = randomUUID();
      await this.createAccount({ userId, email, passwordHash });
    }
    await this.sendCode(userId, email, "sign_up");
  }

  /** Creates a user and its pharmacy branch together; also used by the demo seed. */
  async createAccount(account: { userId: string; email: string; passwordHash: string; confirmedAt?: Date }) {
    const pharmacyId = randomUUID();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await insertPharmacy(trx, pharmacyId);
        await repo.insertUser(trx, { ...account, id: account.userId, pharmacyId });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError(ErrorCode.EmailTaken);
      throw error;
    }
    return pharmacyId;
  }

  async confirmSignUp(email: string, code: string, ip: string): Promise<void> {
    const user = await this.userForCode(email, ip);
    if (user.confirmed_at) return;
    await this.consumeCode(user, "sign_up", code, ip);
    await repo.markConfirmed(this.deps.db, user.id, this.deps.clock.now());
  }

  /** Answers the same whether or not the e-mail is known, so it cannot be used to find accounts. */
  async resendConfirmationCode(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user && !user.confirmed_at) await this.sendCode(user.id, email, "sign_up");
  }

  async signIn(email: string, password: string, ip: string): Promise<SignInResponse> {
    const keys = [accountKey(email), ipKey(ip)];
    await this.throttle.assertOpen(keys);
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (!(await verifyPassword(user?.password_hash, password)) || !user) {
      await this.throttle.recordFailure(keys);
      throw new AuthError(ErrorCode.WrongCredentials);
    }
    await this.throttle.clear(accountKey(email));
    if (!user.confirmed_at) throw new AuthError(ErrorCode.NotConfirmed);
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

  async forgotPassword(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user?.confirmed_at) await this.sendCode(user.id, email, "reset_password");
  }

  async confirmForgotPassword(email: string, code: string, newPassword: string, ip: string): Promise<void> {
    const user = await this.userForCode(email, ip);
    await this.consumeCode(user, "reset_password", code, ip);
    const { db, clock } = this.deps;
    const passwordHash = await hashPassword(newPassword);
    await db.transaction().execute(async (trx) => {
      await repo.updatePasswordHash(trx, user.id, passwordHash);
      await repo.revokeAllRefreshTokens(trx, user.id, clock.now());
    });
    await this.throttle.clear(accountKey(email));
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

  /** An unknown e-mail answers like a wrong code. */
  private async userForCode(email: string, ip: string): Promise<UserRow> {
    await this.throttle.assertOpen([ipKey(ip)]);
    const user = await repo.findUserByEmail(this.deps.db, email);
    if (user) return user;
    await this.throttle.recordFailure([ipKey(ip)]);
    throw new AuthError(ErrorCode.WrongCode);
  }

  /** Single use; expires; the fifth wrong try destroys it, so guessing needs a new code each five tries. */
  private async consumeCode(user: UserRow, purpose: CodePurpose, code: string, ip: string): Promise<void> {
    const { db, clock, codeKey } = this.deps;
    const stored = await repo.findCode(db, user.id, purpose);
    if (!stored || stored.expires_at <= clock.now()) {
      if (stored) await repo.deleteCode(db, user.id, purpose);
      throw new AuthError(ErrorCode.CodeExpired);
    }
    if (!confirmationCodeMatches(stored.code_hash, hashConfirmationCode(codeKey, user.id, purpose, code))) {
      const attempts = await repo.countFailedCodeAttempt(db, user.id, purpose);
      if (attempts >= MAX_WRONG_CODE_ATTEMPTS) await repo.deleteCode(db, user.id, purpose);
      await this.throttle.recordFailure([ipKey(ip)]);
      throw new AuthError(ErrorCode.WrongCode);
    }
    await repo.deleteCode(db, user.id, purpose);
  }
}

function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, pharmacyId: row.pharmacy_id };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}
