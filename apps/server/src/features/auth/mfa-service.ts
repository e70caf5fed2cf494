import { ErrorCode } from "@pharmacy/contract/errors";
import type { SignInResponse } from "@pharmacy/contract/auth";
import { MFA_TOKEN_MAX_TRIES, RECOVERY_CODE_COUNT, type MfaSetupResponse } from "@pharmacy/contract/mfa";
import type { Db, UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { AuditService } from "../audit/service.js";
import { personActor } from "./actor.js";
import { AuthError, ConflictError, UnauthorizedError } from "../../lib/errors.js";
import type { IdentityClaims } from "./id-tokens.js";
import { mfaKey } from "./lockout-policy.js";
import * as mfaRepo from "./mfa-repository.js";
import { findUserById } from "./repository.js";
import { hashConfirmationCode, hashRefreshToken } from "./secrets.js";
import type { AuthService } from "./service.js";
import { AuthThrottle } from "./throttle.js";
import { newRecoveryCode, newTotpSecret, otpauthUriOf, totpStepOf } from "./totp.js";

const SIX_DIGITS = /^\d{6}$/;

export interface MfaServiceDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  audit: AuditService;
  /** Keys the recovery-code hashes, like the confirmation codes'. */
  codeKey: string;
}

/** Two-factor sign-in (SPEC §7): setting it up, turning it off, and the code step of a sign-in. */
export class MfaService {
  private readonly throttle: AuthThrottle;

  constructor(private readonly deps: MfaServiceDeps) {
    this.throttle = new AuthThrottle(deps.db, deps.clock);
  }

  /** A new secret, kept pending until a code from it turns it on; a person who has it on turns it off first. */
  async setup(identity: IdentityClaims): Promise<MfaSetupResponse> {
    const user = await this.person(identity);
    if (user.mfa_secret !== null) throw new ConflictError("二段階認証はすでに有効です。");
    const secret = newTotpSecret();
    await mfaRepo.setPendingSecret(this.deps.db, user.id, secret);
    return { secret, otpauthUri: otpauthUriOf(secret, user.email) };
  }

  /** A code of the pending secret turns it on; the ten recovery codes are shown this once. */
  async enable(identity: IdentityClaims, code: string): Promise<string[]> {
    const { db, clock } = this.deps;
    const user = await this.person(identity);
    await this.throttle.claim([mfaKey(user.id)]);
    const pending = user.mfa_pending_secret;
    const step = pending === null ? undefined : totpStepOf(pending, code, clock.now());
    if (pending === null || step === undefined) throw new AuthError(ErrorCode.WrongCode);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const enabled = await db.transaction().execute(async (trx) => {
      if (!(await mfaRepo.enableSecret(trx, user.id, pending, step))) return false;
      await mfaRepo.replaceRecoveryCodes(trx, user.id, recoveryCodes.map((recoveryCode) => this.hashRecoveryCode(user.id, recoveryCode)));
      await this.deps.audit.record(trx, personActor(user), "mfa.enabled", { type: "user", id: user.id });
      return true;
    });
    if (!enabled) throw new AuthError(ErrorCode.WrongCode);
    await this.throttle.succeeded([mfaKey(user.id)], []);
    return recoveryCodes;
  }

  /** A current code turns it off (and makes the recovery codes worthless). */
  async disable(identity: IdentityClaims, code: string): Promise<void> {
    const { db } = this.deps;
    const user = await this.person(identity);
    await this.throttle.claim([mfaKey(user.id)]);
    if (!(await this.totpCodeAccepted(user, code))) throw new AuthError(ErrorCode.WrongCode);
    await db.transaction().execute(async (trx) => {
      await mfaRepo.disable(trx, user.id);
      await this.deps.audit.record(trx, personActor(user), "mfa.disabled", { type: "user", id: user.id });
    });
    await this.throttle.succeeded([mfaKey(user.id)], []);
  }

  /**
   * The code step of a sign-in. Each try is counted before it is checked, in one statement, so at most
   * five are ever checked however many arrive at once; a passing try uses the token up.
   */
  async verify(mfaToken: string, code: string): Promise<SignInResponse> {
    const { db, clock } = this.deps;
    const tokenHash = hashRefreshToken(mfaToken);
    const claimed = await mfaRepo.claimChallengeTry(db, tokenHash, MFA_TOKEN_MAX_TRIES);
    if (!claimed) throw new AuthError(ErrorCode.WrongCode);
    if (claimed.expires_at <= clock.now()) {
      await mfaRepo.consumeChallenge(db, tokenHash);
      throw new UnauthorizedError("確認の有効期限が切れました。もう一度ログインしてください。");
    }
    const { user } = claimed;
    if (user.disabled_at || user.mfa_secret === null) throw new AuthError(ErrorCode.WrongCode);
    const accepted = SIX_DIGITS.test(code)
      ? await this.totpCodeAccepted(user, code)
      : await mfaRepo.consumeRecoveryCode(db, user.id, this.hashRecoveryCode(user.id, code));
    if (!accepted || !(await mfaRepo.consumeChallenge(db, tokenHash))) throw new AuthError(ErrorCode.WrongCode);
    return this.deps.auth.startSession(user);
  }

  private async totpCodeAccepted(user: UserRow, code: string): Promise<boolean> {
    if (user.mfa_secret === null) return false;
    const step = totpStepOf(user.mfa_secret, code, this.deps.clock.now());
    return step !== undefined && (await mfaRepo.claimStep(this.deps.db, user.id, user.mfa_secret, step));
  }

  private hashRecoveryCode(userId: string, code: string): string {
    return hashConfirmationCode(this.deps.codeKey, userId, "recovery", code);
  }

  private async person(identity: IdentityClaims): Promise<UserRow> {
    const user = await findUserById(this.deps.db, identity.userId);
    if (!user || user.disabled_at) throw new UnauthorizedError();
    return user;
  }
}

