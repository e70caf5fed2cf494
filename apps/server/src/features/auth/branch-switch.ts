/**
 * A person's branches (memberships, docs/rules.md#organisations): joining one, listing those they work
 * in, and switching the signed-in session to another.
 */
import type { SignInResponse } from "@pharmacy/contract/auth/auth";
import type { PersonRole } from "@pharmacy/contract/auth/roles";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { ForbiddenError } from "../../lib/errors.js";
import type { IdentityClaims } from "../../lib/identity.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { AuditService } from "../audit/index.js";
import { personActor } from "./actor.js";
import * as repo from "./repository.js";
import type { SessionTokens } from "./session-tokens.js";
import { sessionEnded } from "./sessions.js";

export interface BranchSwitchDeps {
  db: Db;
  unitOfWork: UnitOfWork;
  clock: Clock;
  audit: AuditService;
  sessionTokens: SessionTokens;
}

export class BranchSwitch {
  constructor(private readonly deps: BranchSwitchDeps) {}

  /** The person becomes a member of the branch at once (its first admin when an org admin adds it). */
  async joinBranch(work: Work, userId: string, pharmacyId: string, role: PersonRole): Promise<void> {
    await repo.insertMembership(work.db, { userId, pharmacyId, role, joinedAt: this.deps.clock.now() });
  }

  /** The branches the person works in, with their role in each. */
  async branchesOf(identity: IdentityClaims) {
    return repo.listBranchesOf(this.deps.db, identity.userId);
  }

  /**
   * New tokens on another branch the person works in (403 1012 otherwise, whether or not it exists):
   * the session they leave ends, so its socket closes and the screens reconnect on the new branch.
   */
  async switchBranch(identity: IdentityClaims, branchId: string): Promise<SignInResponse> {
    // one transaction reads and writes it all: a switch takes one connection of the pool, not three in
    // turn, which queued behind the day's changes (bench/README.md, "An organisation of 1,000 branches")
    const { person, session, organization } = await this.deps.unitOfWork.run(async (work) => {
      const person = await repo.findPerson(work.db, identity.userId, branchId);
      if (!person || person.joined_at === null || person.disabled_at !== null || person.confirmed_at === null)
        throw new ForbiddenError();
      if (await repo.revokeSession(work.db, identity.userId, identity.sessionId, this.deps.clock.now()))
        work.announce(sessionEnded(identity.pharmacyId, identity.sessionId));
      // the branch left is not named: this branch's log is read by its admins, who may not be of that one
      await this.deps.audit.record(work.db, personActor(person), "branch.switched", { type: "pharmacy", id: branchId });
      return {
        person,
        session: await this.deps.sessionTokens.newSession(work.db, person),
        organization: await repo.organizationRoleOf(work.db, person.id, person.pharmacy_id),
      };
    });
    return this.deps.sessionTokens.tokensOf(person, session, organization);
  }
}
