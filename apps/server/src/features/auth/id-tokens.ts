import { createSecretKey } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { RoleSchema } from "@pharmacy/contract/auth/roles";
import type { Clock } from "../../lib/clock.js";
import type { IdentityClaims } from "../../lib/identity.js";

const ISSUER = "pharmacy-reception";
const AUDIENCE = "pharmacy-reception-web";
const ALGORITHM = "HS256";
export const ID_TOKEN_TTL_SECONDS = 60 * 60;

export interface VerifiedIdentity extends IdentityClaims {
  expiresAt: Date;
}

export interface IdTokens {
  sign(identity: IdentityClaims): Promise<string>;
  /** The identity of a valid token, or undefined for a forged, tampered, expired or malformed one. */
  verify(token: string): Promise<VerifiedIdentity | undefined>;
  /** The identity of a token verified before and not expired yet, without waiting; undefined otherwise (ask `verify`). */
  remembered(token: string): VerifiedIdentity | undefined;
  /** Whether an identity these tokens gave is still within its token's lifetime. */
  unexpired(identity: VerifiedIdentity): boolean;
}

/** Screens send the same token with every call for an hour; past this many, the oldest are forgotten. */
const MAX_REMEMBERED_TOKENS = 10_000;

export function createIdTokens(secret: string, clock: Clock): IdTokens {
  // A token verified once stays valid until it expires (id tokens are not revoked), so its checked
  // identity is kept: most calls then skip the HMAC and the JSON parsing.
  const verified = new Map<string, VerifiedIdentity>();
  // A KeyObject made once: jose would otherwise import raw secret bytes again on every verify.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  return {
    async sign({
      userId,
      pharmacyId,
      organizationId,
      organizationAdmin,
      email,
      name,
      role,
      sessionId,
      mfaSetupRequired,
    }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({
        pharmacyId,
        org: organizationId,
        email,
        name,
        role,
        sid: sessionId,
        ...(organizationAdmin && { orgAdmin: true }),
        ...(mfaSetupRequired && { mfaSetup: true }),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ID_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    remembered,
    unexpired,
    async verify(token) {
      const known = remembered(token);
      if (known) return known;
      const identity = await verifySignedToken(token);
      if (identity) {
        if (verified.size >= MAX_REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, identity);
      }
      return identity;
    },
  };

  function remembered(token: string): VerifiedIdentity | undefined {
    const known = verified.get(token);
    if (!known) return undefined;
    if (unexpired(known)) return known;
    verified.delete(token);
    return undefined;
  }

  function unexpired(identity: VerifiedIdentity): boolean {
    return identity.expiresAt.getTime() > clock.now().getTime();
  }

  async function verifySignedToken(token: string): Promise<VerifiedIdentity | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: clock.now(),
        requiredClaims: ["sub", "exp", "iat"],
      });
      const { sub, pharmacyId, org, orgAdmin, email, name, role, sid, mfaSetup, exp } = payload;
      const knownRole = RoleSchema.safeParse(role);
      if (typeof sub !== "string" || typeof pharmacyId !== "string" || typeof email !== "string") return undefined;
      if (typeof name !== "string" || typeof sid !== "string" || !knownRole.success) return undefined;
      return {
        userId: sub,
        pharmacyId,
        // a token from before organisations: every branch was then its own organisation, of its own id
        organizationId: typeof org === "string" ? org : pharmacyId,
        organizationAdmin: orgAdmin === true,
        email,
        name,
        role: knownRole.data,
        sessionId: sid,
        mfaSetupRequired: mfaSetup === true,
        expiresAt: new Date(exp! * 1000),
      };
    } catch {
      return undefined;
    }
  }
}
