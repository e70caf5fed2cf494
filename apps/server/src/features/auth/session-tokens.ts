/**
 * What a person's session is made of: its refresh token (a row per session) and the id token's claims
 * on a branch (the role there, the organisation's, whether the admin policy holds them to MFA setup).
 * Sign-in, refresh and the branch switch all issue them here.
 */
import type { SignInResponse, User } from "@pharmacy/contract/auth/auth";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { IdentityClaims } from "../../lib/identity.js";
import type { SettingsService } from "../settings/index.js";
import type { IdTokens } from "./id-tokens.js";
import * as repo from "./repository.js";
import { hashRefreshToken, newRefreshToken } from "./secrets.js";

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export type OrganizationRole = Awaited<ReturnType<typeof repo.organizationRoleOf>>;

export interface SessionTokensDeps {
  db: Db;
  clock: Clock;
  idTokens: IdTokens;
  settings: SettingsService;
}

export class SessionTokens {
  constructor(private readonly deps: SessionTokensDeps) {}

  /** A new refresh token of the person on their branch (in the caller's transaction when given). */
  async newSession(db: Db, person: repo.PersonRow): Promise<{ refreshToken: string; sessionId: string }> {
    const refreshToken = newRefreshToken();
    const sessionId = await repo.insertRefreshToken(db, {
      tokenHash: hashRefreshToken(refreshToken),
      userId: person.id,
      pharmacyId: person.pharmacy_id,
      expiresAt: new Date(this.deps.clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return { refreshToken, sessionId };
  }

  /** The session's first id token: read after its transaction (the embedded database has one connection). */
  async tokensOf(
    person: repo.PersonRow,
    session: { refreshToken: string; sessionId: string },
    organization?: OrganizationRole,
  ): Promise<SignInResponse> {
    const idToken = await this.deps.idTokens.sign(await this.claimsOf(person, session.sessionId, organization));
    return { idToken, refreshToken: session.refreshToken, user: toUser(person) };
  }

  /** The id token's claims of a person in a branch: the role there, the organisation's, and whether the admin policy holds them to MFA setup. */
  async claimsOf(user: repo.PersonRow, sessionId: string, organization?: OrganizationRole): Promise<IdentityClaims> {
    const mfaSetupRequired =
      user.role === "admin" &&
      user.mfa_secret === null &&
      (await this.deps.settings.appSettings(user.pharmacy_id)).requireMfaForAdmins;
    return {
      userId: user.id,
      pharmacyId: user.pharmacy_id,
      ...(organization ?? (await repo.organizationRoleOf(this.deps.db, user.id, user.pharmacy_id))),
      email: user.email,
      name: user.name,
      role: user.role,
      sessionId,
      mfaSetupRequired,
    };
  }
}

function toUser(row: repo.PersonRow): User {
  return { id: row.id, email: row.email, pharmacyId: row.pharmacy_id };
}
