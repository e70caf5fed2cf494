import { randomUUID } from "node:crypto";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import {
  ACCEPT_INVITATION_PATH,
  INVITATION_VALID_HOURS,
  type InviteStaffInput,
  type StaffMember,
  type StaffStatus,
} from "@pharmacy/contract/auth/staff";
import type { PersonRole } from "@pharmacy/contract/auth/roles";
import type { Db } from "../../db/schema.js";
import { AuthError, ConflictError, InvalidInputError, NotFoundError, UnauthorizedError } from "../../lib/errors.js";
import type { IdentityClaims } from "../../lib/identity.js";
import { invitationMail } from "../../mail/templates.js";
import type { Actor } from "../../lib/actor.js";
import { personActor } from "./actor.js";
import type { AuthService, AuthServiceDeps } from "./service.js";
import { hashPassword } from "./passwords.js";
import * as repo from "./repository.js";
import { hashRefreshToken, newRefreshToken } from "./secrets.js";

const INVITATION_TTL_MS = INVITATION_VALID_HOURS * 60 * 60_000;
const STAFF_NOT_FOUND = "スタッフが見つかりません。";
const NOT_INVITED = "この人は招待中ではありません。画面を更新してください。";
const NEW_PASSWORD = "パスワードを設定してください";
const SIGN_IN_TO_ACCEPT = "このメールアドレスはすでに登録されています。ログインしてから招待を承認してください。";

export interface StaffServiceDeps extends AuthServiceDeps {
  auth: AuthService;
}

/** The people of a branch: invitations, roles, disabling (docs/rules.md#people-roles-and-devices). */
export class StaffService {
  constructor(private readonly deps: StaffServiceDeps) {}

  async list(pharmacyId: string): Promise<StaffMember[]> {
    return (await repo.listPeople(this.deps.db, pharmacyId)).map(toStaffMember);
  }

  /**
   * A person who cannot sign in yet (a password nobody knows) and a mailed link valid 72 hours.
   * `baseUrl` is where the link points (PUBLIC_BASE_URL or the admin's own address). The address of
   * a person this branch invited who has not joined yet gets a new link instead (their name and role
   * as given now); a person already in this branch answers 1007. An account of anywhere else gets an
   * invited membership of this branch and the same link, which they accept signed in (one account,
   * several branches: docs/rules.md#organisations).
   */
  async invite(actor: Actor, input: Required<InviteStaffInput>, baseUrl: string): Promise<StaffMember> {
    const { db, clock } = this.deps;
    const existing = await repo.findUserByEmail(db, input.email);
    const membership = existing && (await repo.findPerson(db, existing.id, actor.pharmacyId));
    if (membership) {
      if (statusOf(membership) !== "invited") throw new AuthError(ErrorCode.EmailTaken);
      return this.resendInvitation(actor, membership.id, baseUrl, { name: input.name, role: input.role });
    }
    const now = clock.now();
    const userId = existing?.id ?? randomUUID();
    const token = newRefreshToken();
    const passwordHash = existing ? undefined : await hashPassword(newRefreshToken());
    try {
      await db.transaction().execute(async (trx) => {
        if (passwordHash !== undefined)
          await repo.insertUser(trx, { id: userId, email: input.email, passwordHash, name: input.name });
        await repo.insertMembership(trx, {
          userId,
          pharmacyId: actor.pharmacyId,
          role: input.role,
          invitedAt: now,
        });
        await repo.insertInvitation(trx, {
          tokenHash: hashRefreshToken(token),
          userId,
          pharmacyId: actor.pharmacyId,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
          createdAt: now,
        });
        await this.deps.audit.record(trx, actor, "staff.invited", { type: "user", id: userId, detail: input.role });
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === "23505") throw new AuthError(ErrorCode.EmailTaken);
      throw error;
    }
    await this.mailInvitation(actor, input.email, token, baseUrl);
    return toStaffMember((await repo.findPerson(db, userId, actor.pharmacyId))!);
  }

  /**
   * A new 72-hour link for a person invited but not joined; the old link stops working at once (one
   * invitation per person, replaced under a lock on the person). 409 for anyone already joined or disabled.
   */
  async resendInvitation(
    actor: Actor,
    id: string,
    baseUrl: string,
    changes: { name?: string; role?: PersonRole } = {},
  ): Promise<StaffMember> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const token = newRefreshToken();
    const person = await db.transaction().execute(async (trx) => {
      await this.lockInvited(trx, actor, id);
      await repo.deleteInvitationOf(trx, id, actor.pharmacyId);
      await repo.insertInvitation(trx, {
        tokenHash: hashRefreshToken(token),
        userId: id,
        pharmacyId: actor.pharmacyId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      });
      const updated = await repo.updatePerson(trx, actor.pharmacyId, id, { ...changes, invited_at: now });
      await this.deps.audit.record(trx, actor, "staff.reinvited", { type: "user", id, detail: updated.role });
      return updated;
    });
    await this.mailInvitation(actor, person.email, token, baseUrl);
    return toStaffMember(person);
  }

  /** Takes back an invitation not yet accepted: the person and their link are gone. 409 for anyone already joined. */
  async cancelInvitation(actor: Actor, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.lockInvited(trx, actor, id);
      await repo.deletePerson(trx, actor.pharmacyId, id);
      await this.deps.audit.record(trx, actor, "staff.invitation_cancelled", { type: "user", id });
    });
  }

  private async lockInvited(trx: Db, actor: Actor, id: string): Promise<void> {
    const current = await repo.findPersonOfBranch(trx, actor.pharmacyId, id, true);
    if (!current) throw new NotFoundError(STAFF_NOT_FOUND);
    if (statusOf(current) !== "invited") throw new ConflictError(NOT_INVITED);
  }

  private async mailInvitation(actor: Actor, email: string, token: string, baseUrl: string): Promise<void> {
    const pharmacy = await this.deps.pharmacies.get(actor.pharmacyId);
    const link = `${baseUrl}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(invitationMail(email, pharmacy.name, link));
  }

  /**
   * The invited person joins the branch: a new account with its password; an existing one signed in
   * (`signedIn`, their bearer token) with none. 1008 for an unknown or used token, or one for another
   * account; 1009 past its 72 hours; 400 on `password` when a new account sends none; 401 when an
   * existing account's invitation comes without its bearer token.
   */
  async acceptInvitation(
    token: string,
    password: string | undefined,
    signedIn: () => Promise<IdentityClaims | undefined>,
  ): Promise<string> {
    const { db, clock } = this.deps;
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    const identity = password === undefined ? await signedIn() : undefined;
    const user = await db.transaction().execute(async (trx) => {
      const invitation = await repo.takeInvitation(trx, hashRefreshToken(token));
      if (!invitation) throw new AuthError(ErrorCode.WrongCode);
      const account = await repo.findUserById(trx, invitation.user_id);
      if (!account) throw new AuthError(ErrorCode.WrongCode);
      if (invitation.expires_at <= clock.now()) return undefined;
      // a throw undoes the take: the link stays usable
      const existingAccount = account.confirmed_at !== null;
      if (!existingAccount && passwordHash === undefined) throw InvalidInputError.of(NEW_PASSWORD, ["password"]);
      if (existingAccount && passwordHash === undefined && !identity) throw new UnauthorizedError();
      if (existingAccount && identity && identity.userId !== account.id) throw new AuthError(ErrorCode.WrongCode);
      if (existingAccount && passwordHash !== undefined) throw InvalidInputError.of(SIGN_IN_TO_ACCEPT, ["password"]);
      const joined = await repo.acceptInvitation(
        trx,
        { userId: invitation.user_id, pharmacyId: invitation.pharmacy_id },
        clock.now(),
        existingAccount ? undefined : passwordHash,
      );
      await this.deps.audit.record(trx, personActor(joined), "staff.joined", { type: "user", id: joined.id });
      return joined;
    });
    if (!user) throw new AuthError(ErrorCode.CodeExpired);
    return user.email;
  }

  /**
   * Name, role, disabled. The branch keeps at least one active admin (409 otherwise, decided under a
   * lock on its admins); a role change or disabling ends the person's sessions at once, so the new
   * role is in force on their next call.
   */
  async update(
    actor: Actor,
    id: string,
    changes: { name?: string | undefined; role?: PersonRole | undefined; disabled?: boolean | undefined },
  ): Promise<StaffMember> {
    const { unitOfWork, clock } = this.deps;
    const person = await unitOfWork.run(async (work) => {
      const admins = await repo.lockActiveAdmins(work.db, actor.pharmacyId);
      const current = await repo.findPersonOfBranch(work.db, actor.pharmacyId, id, true);
      if (!current) throw new NotFoundError(STAFF_NOT_FOUND);
      const roleChanges = changes.role !== undefined && changes.role !== current.role;
      const disabling = changes.disabled === true && current.disabled_at === null;
      const isActiveAdmin = admins.some((admin) => admin.id === id);
      if (isActiveAdmin && admins.length === 1 && ((roleChanges && changes.role !== "admin") || disabling)) {
        throw new AuthError(ErrorCode.LastAdmin, 409);
      }
      const updated = await repo.updatePerson(work.db, actor.pharmacyId, id, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.disabled !== undefined && {
          disabled_at: changes.disabled ? (current.disabled_at ?? clock.now()) : null,
        }),
      });
      await this.deps.audit.record(work.db, actor, "staff.updated", {
        type: "user",
        id,
        detail: Object.keys(changes).join(", "),
      });
      if (roleChanges || disabling) await this.deps.auth.endSessionsOf(work, id, actor.pharmacyId);
      return updated;
    });
    return toStaffMember(person);
  }
}

function statusOf(row: repo.PersonRow): StaffStatus {
  if (row.disabled_at) return "disabled";
  return row.confirmed_at && row.joined_at ? "active" : "invited";
}

function toStaffMember(row: repo.PersonRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: statusOf(row),
    mfaEnabled: row.mfa_secret !== null,
    ...(row.last_sign_in_at && { lastSignInAt: row.last_sign_in_at.toISOString() }),
  };
}
