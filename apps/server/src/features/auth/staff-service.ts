import { randomUUID } from "node:crypto";
import { ErrorCode } from "@pharmacy/contract/errors";
import { ACCEPT_INVITATION_PATH, INVITATION_VALID_HOURS, type InviteStaffInput, type StaffMember, type StaffStatus } from "@pharmacy/contract/staff";
import type { PersonRole } from "@pharmacy/contract/roles";
import type { UserRow } from "../../db/schema.js";
import { AuthError, NotFoundError } from "../../lib/errors.js";
import { invitationMail } from "../../mail/templates.js";
import { personActor, type Actor } from "./actor.js";
import type { AuthService, AuthServiceDeps } from "./service.js";
import { hashPassword } from "./passwords.js";
import * as repo from "./repository.js";
import { hashRefreshToken, newRefreshToken } from "./secrets.js";

const INVITATION_TTL_MS = INVITATION_VALID_HOURS * 60 * 60_000;
const STAFF_NOT_FOUND = "スタッフが見つかりません。";

/** The people of a branch: invitations, roles, disabling (SPEC §7). */
export class StaffService {
  constructor(
    private readonly deps: AuthServiceDeps,
    private readonly auth: AuthService,
  ) {}

  async list(pharmacyId: string): Promise<StaffMember[]> {
    return (await repo.listPeople(this.deps.db, pharmacyId)).map(toStaffMember);
  }

  /**
   * A person who cannot sign in yet (a password nobody knows) and a mailed link valid 72 hours.
   * `baseUrl` is where the link points (PUBLIC_BASE_URL or the admin's own address).
   */
  async invite(actor: Actor, input: Required<InviteStaffInput>, baseUrl: string): Promise<StaffMember> {
    const { db, clock, mailer, pharmacies } = this.deps;
    if (await repo.findUserByEmail(db, input.email)) throw new AuthError(ErrorCode.EmailTaken);
    const now = clock.now();
    const userId = randomUUID();
    const token = newRefreshToken();
    const passwordHash = await hashPassword(newRefreshToken());
    try {
      await db.transaction().execute(async (trx) => {
        await repo.insertUser(trx, { id: userId, email: input.email, passwordHash, pharmacyId: actor.pharmacyId, name: input.name, role: input.role, invitedAt: now });
        await repo.insertInvitation(trx, { tokenHash: hashRefreshToken(token), userId, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), createdAt: now });
        await this.deps.audit.record(trx, actor, "staff.invited", { type: "user", id: userId, detail: input.role });
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === "23505") throw new AuthError(ErrorCode.EmailTaken);
      throw error;
    }
    const pharmacy = await pharmacies.get(actor.pharmacyId);
    const link = `${baseUrl}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    await mailer.send(invitationMail(input.email, pharmacy.name, link));
    return toStaffMember((await repo.findUserById(db, userId))!);
  }

  /** Sets the invited person's password; 1008 for an unknown or used token, 1009 past its 72 hours. */
  async acceptInvitation(token: string, password: string): Promise<string> {
    const { db, clock } = this.deps;
    const passwordHash = await hashPassword(password);
    const user = await db.transaction().execute(async (trx) => {
      const invitation = await repo.takeInvitation(trx, hashRefreshToken(token));
      if (!invitation) throw new AuthError(ErrorCode.WrongCode);
      if (invitation.expires_at <= clock.now()) return undefined;
      const joined = await repo.acceptInvitation(trx, invitation.user_id, passwordHash, clock.now());
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
  async update(actor: Actor, id: string, changes: { name?: string | undefined; role?: PersonRole | undefined; disabled?: boolean | undefined }): Promise<StaffMember> {
    const { db, clock, endedSessions } = this.deps;
    const { person, ended } = await db.transaction().execute(async (trx) => {
      const admins = await repo.lockActiveAdmins(trx, actor.pharmacyId);
      const current = await repo.findPersonOfBranch(trx, actor.pharmacyId, id, true);
      if (!current) throw new NotFoundError(STAFF_NOT_FOUND);
      const roleChanges = changes.role !== undefined && changes.role !== current.role;
      const disabling = changes.disabled === true && current.disabled_at === null;
      const isActiveAdmin = admins.some((admin) => admin.id === id);
      if (isActiveAdmin && admins.length === 1 && ((roleChanges && changes.role !== "admin") || disabling)) {
        throw new AuthError(ErrorCode.LastAdmin, 409);
      }
      const updated = await repo.updatePerson(trx, id, {
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.disabled !== undefined && { disabled_at: changes.disabled ? (current.disabled_at ?? clock.now()) : null }),
      });
      await this.deps.audit.record(trx, actor, "staff.updated", { type: "user", id, detail: Object.keys(changes).join(", ") });
      return { person: updated, ended: roleChanges || disabling ? await this.auth.endSessionsOf(trx, id) : [] };
    });
    endedSessions.markEnded(ended);
    return toStaffMember(person);
  }
}

function statusOf(row: UserRow): StaffStatus {
  if (row.disabled_at) return "disabled";
  return row.confirmed_at ? "active" : "invited";
}

function toStaffMember(row: UserRow): StaffMember {
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
