import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import { formatMonthDate } from "@pharmacy/contract/calendar/date-labels";
import { ErrorCode, secondFactorLockedMessage } from "@pharmacy/contract/shared/errors";
import type { SignInResponse } from "@pharmacy/contract/auth/auth";
import { MFA_TOKEN_MAX_TRIES, RECOVERY_CODE_COUNT, type MfaSetupResponse } from "@pharmacy/contract/auth/mfa";
import type { Db, UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { AuditService } from "../audit/index.js";
import { personActor } from "./actor.js";
import { AuthError, ConflictError, UnauthorizedError } from "../../lib/errors.js";
import type { IdentityClaims } from "../../lib/identity.js";
import { mfaKey, secondFactorKey } from "./lockout-policy.js";
import * as mfaRepo from "./mfa-repository.js";
import { findPerson, type PersonRow } from "./repository.js";
import { hashRecoveryCode, matchingRecoveryHash } from "./recovery-codes.js";
import { SecretBox } from "./secret-box.js";
import { hashConfirmationCode, hashRefreshToken } from "./secrets.js";
import type { AuthService } from "./service.js";
import { AuthThrottle } from "./throttle.js";
import { newRecoveryCode, newTotpSecret, otpauthUriOf, totpStepOf } from "./totp.js";

const SIX_DIGITS = /^\d{6}$/;

function secondFactorLockedUntil(until: Date): string {
  const { date, time } = businessClockOf(until);
  return secondFactorLockedMessage(`${formatMonthDate(date)} ${time}`);
}

export interface MfaServiceDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  audit: AuditService;
  /** The JWT secret, which keyed recovery-code hashes made before they were argon2id. */
  codeKey: string;
  /** Seals the TOTP secrets in the database. */
  secretBox: SecretBox;
}

/** Two-factor sign-in (docs/rules.md#people-roles-and-devices): setting it up, turning it off, and the code step of a sign-in. */
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
    await mfaRepo.setPendingSecret(this.deps.db, user.id, this.deps.secretBox.seal(secret, user.id));
    return { secret, otpauthUri: otpauthUriOf(secret, user.email) };
  }

  /** A code of the pending secret turns it on; the ten recovery codes are shown this once. */
  async enable(identity: IdentityClaims, code: string): Promise<string[]> {
    const { db, clock } = this.deps;
    const user = await this.person(identity);
    await this.throttle.claim([mfaKey(user.id)]);
    const pending = user.mfa_pending_secret;
    const plain = pending === null ? undefined : this.deps.secretBox.open(pending, user.id);
    const step = plain === undefined ? undefined : totpStepOf(plain, code, clock.now());
    if (pending === null || step === undefined) throw new AuthError(ErrorCode.WrongCode);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const recoveryHashes = await Promise.all(recoveryCodes.map(hashRecoveryCode));
    const enabled = await db.transaction().execute(async (trx) => {
      if (!(await mfaRepo.enableSecret(trx, user.id, pending, step))) return false;
      await mfaRepo.replaceRecoveryCodes(trx, user.id, recoveryHashes);
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
    if (user.mfa_secret === null) throw new AuthError(ErrorCode.WrongCode);
    // counted per person too, before it is checked: a new sign-in's token must not bring new guesses
    await this.throttle.claim([secondFactorKey(user.id)], secondFactorLockedUntil);
    const accepted = SIX_DIGITS.test(code)
      ? await this.totpCodeAccepted(user, code)
      : await this.recoveryCodeAccepted(user, code);
    if (!accepted || !(await mfaRepo.consumeChallenge(db, tokenHash))) throw new AuthError(ErrorCode.WrongCode);
    await this.throttle.succeeded([secondFactorKey(user.id)], []);
    return this.deps.auth.startSession(user);
  }

  /**
   * TOTP secrets kept in clear by servers before they were sealed are sealed at start. Each row is
   * changed only if it still holds what was read, so processes starting together do it once.
   */
  async sealClearSecrets(): Promise<number> {
    const { db, secretBox } = this.deps;
    let sealed = 0;
    for (const row of await mfaRepo.usersWithClearSecrets(db)) {
      const seal = (value: string | null) =>
        value === null || SecretBox.isSealed(value) ? value : secretBox.seal(value, row.id);
      if (
        await mfaRepo.replaceSecrets(db, row, {
          mfa_secret: seal(row.mfa_secret),
          mfa_pending_secret: seal(row.mfa_pending_secret),
        })
      )
        sealed++;
    }
    return sealed;
  }

  /** False when the database holds a sealed secret this key cannot open (another process's or a lost key). */
  async keyOpensStoredSecrets(): Promise<boolean> {
    const row = await mfaRepo.anySealedSecret(this.deps.db);
    return row === undefined || this.deps.secretBox.open(row.secret, row.id) !== undefined;
  }

  private async totpCodeAccepted(user: UserRow, code: string): Promise<boolean> {
    if (user.mfa_secret === null) return false;
    const plain = this.deps.secretBox.open(user.mfa_secret, user.id);
    const step = plain === undefined ? undefined : totpStepOf(plain, code, this.deps.clock.now());
    return step !== undefined && (await mfaRepo.claimStep(this.deps.db, user.id, user.mfa_secret, step));
  }

  /** Single use: of two requests with the same code, only the one that deletes its row signs in. */
  private async recoveryCodeAccepted(user: UserRow, code: string): Promise<boolean> {
    const { db, codeKey } = this.deps;
    const legacyHash = hashConfirmationCode(codeKey, user.id, "recovery", code);
    const matched = await matchingRecoveryHash(await mfaRepo.recoveryCodeHashes(db, user.id), code, legacyHash);
    return matched !== undefined && (await mfaRepo.consumeRecoveryCode(db, user.id, matched));
  }

  /** The person in the branch they are signed in to (the audit log records it there). */
  private async person(identity: IdentityClaims): Promise<PersonRow> {
    const user = await findPerson(this.deps.db, identity.userId, identity.pharmacyId);
    if (!user || user.disabled_at) throw new UnauthorizedError();
    return user;
  }
}
