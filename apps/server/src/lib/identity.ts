import type { FastifyRequest } from "fastify";
import type { Role } from "@pharmacy/contract/auth/roles";
import { UnauthorizedError } from "./errors.js";

/** Who a token names: a person (`userId` is the user's id) or a device (its id; `email` is empty). */
export interface IdentityClaims {
  userId: string;
  pharmacyId: string;
  email: string;
  name: string;
  role: Role;
  /** The organisation of the branch (tokens issued before organisations existed: the branch's own id, see migration 026). */
  organizationId: string;
  /** 本部管理者 of that organisation: the organisation's calls too. */
  organizationAdmin: boolean;
  /** The session (refresh token or device) the token was issued from: ending it ends the token. */
  sessionId: string;
  /** An admin held to setting up two-factor sign-in (requireMfaForAdmins) may make only the calls that do it. */
  mfaSetupRequired: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth feature's `authenticate` hook on every signed-in route. */
    identity?: IdentityClaims;
  }
}

/** Who makes a signed-in request; every feature's routes read it, the auth feature sets it. */
export function identityOf(request: FastifyRequest): IdentityClaims {
  if (!request.identity) throw new UnauthorizedError();
  return request.identity;
}
