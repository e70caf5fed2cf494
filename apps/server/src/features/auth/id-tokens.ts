import { SignJWT, jwtVerify } from "jose";
import type { Clock } from "../../lib/clock.js";

const ISSUER = "pharmacy-reception";
const AUDIENCE = "pharmacy-reception-web";
const ALGORITHM = "HS256";
export const ID_TOKEN_TTL_SECONDS = 60 * 60;

export interface IdentityClaims {
  userId: string;
  pharmacyId: string;
  email: string;
}

export interface VerifiedIdentity extends IdentityClaims {
  expiresAt: Date;
}

export interface IdTokens {
  sign(identity: IdentityClaims): Promise<string>;
  /** The identity of a valid token, or undefined for a forged, tampered, expired or malformed one. */
  verify(token: string): Promise<VerifiedIdentity | undefined>;
}

export function createIdTokens(secret: string, clock: Clock): IdTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, pharmacyId, email }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ pharmacyId, email })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ID_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ["sub", "exp", "iat"],
        });
        const { sub, pharmacyId, email, exp } = payload;
        if (typeof sub !== "string" || typeof pharmacyId !== "string" || typeof email !== "string") return undefined;
        return { userId: sub, pharmacyId, email, expiresAt: new Date(exp! * 1000) };
      } catch {
        return undefined;
      }
    },
  };
}
