import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { Role } from "@pharmacy/contract/roles";
import { ErrorCode } from "@pharmacy/contract/errors";
import { AuthError, ForbiddenError } from "../../lib/errors.js";
import { identityOf, type IdentityClaims } from "../../lib/identity.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The roles that may make this call (SPEC §7); every signed-in route declares them. */
    roles?: readonly Role[];
    /** Open to an admin still held to setting up two-factor sign-in (requireMfaForAdmins). */
    duringMfaSetup?: boolean;
  }
}

/**
 * Every route of a signed-in scope declares its roles as data (`config: { roles }`): a route without
 * them stops the server from starting, and one check (before the body is read) answers 403 1012 to
 * any other role, and 403 1013 to an admin held to set up two-factor sign-in (requireMfaForAdmins) on
 * every call not marked `duringMfaSetup`. Add it after `authenticate`.
 */
export function enforceRouteRoles(
  scope: FastifyInstance,
  stillHeldToMfaSetup: (identity: IdentityClaims) => Promise<boolean>,
): void {
  scope.addHook("onRoute", (route) => {
    if (route.method === "HEAD") return;
    if (!route.config?.roles || route.config.roles.length === 0)
      throw new Error(`${route.method} ${route.url} declares no roles`);
  });
  scope.addHook("onRequest", (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const identity = identityOf(request);
    const config = request.routeOptions.config;
    if (!config.roles?.includes(identity.role)) return done(new ForbiddenError());
    if (!identity.mfaSetupRequired || config.duringMfaSetup) return done();
    // the token's claim is looked at again only for the few it holds, so turning MFA on frees them at once
    stillHeldToMfaSetup(identity).then(
      (held) => done(held ? new AuthError(ErrorCode.MfaSetupRequired, 403) : undefined),
      done,
    );
  });
}
