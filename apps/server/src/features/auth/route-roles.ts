import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { ORG_ADMIN, routeRolesOf, type RouteRole } from "@pharmacy/contract/auth/roles";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { AuthError, ForbiddenError } from "../../lib/errors.js";
import { identityOf, type IdentityClaims } from "../../lib/identity.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The roles that may make this call: set from the contract's ROUTE_ROLES, never by the route. */
    roles?: readonly RouteRole[];
    /** Open to an admin still held to setting up two-factor sign-in (requireMfaForAdmins). */
    duringMfaSetup?: boolean;
  }
}

/**
 * Every route of a signed-in scope takes its roles from the one role table (`ROUTE_ROLES` in
 * packages/contract/src/auth/roles.ts), looked up by method and path as it is registered: a route the table
 * does not know, or one declaring roles of its own, stops the server from starting. One check (before
 * the body is read) answers 403 1012 to any other role, and 403 1013 to an admin held to set up
 * two-factor sign-in (requireMfaForAdmins) on every call not marked `duringMfaSetup`. Add it after
 * `authenticate`.
 */
export function enforceRouteRoles(
  scope: FastifyInstance,
  stillHeldToMfaSetup: (identity: IdentityClaims) => Promise<boolean>,
): void {
  scope.addHook("onRoute", (route) => {
    // Fastify's own HEAD of a GET route answers to whoever may make the GET (and is made without `roles`)
    const name = `${route.method === "HEAD" ? "GET" : String(route.method)} ${route.url}`;
    if (route.config?.roles) throw new Error(`${name} declares its own roles`);
    const roles = routeRolesOf(name);
    if (!roles) throw new Error(`${name} is not in the role table (ROUTE_ROLES, packages/contract/src/auth/roles.ts)`);
    route.config = { ...route.config, roles };
  });
  scope.addHook("onRequest", (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const identity = identityOf(request);
    const config = request.routeOptions.config;
    const allowed =
      config.roles?.includes(identity.role) || (identity.organizationAdmin && config.roles?.includes(ORG_ADMIN));
    if (!allowed) return done(new ForbiddenError());
    if (!identity.mfaSetupRequired || config.duringMfaSetup) return done();
    // the token's claim is looked at again only for the few it holds, so turning MFA on frees them at once
    stillHeldToMfaSetup(identity).then(
      (held) => done(held ? new AuthError(ErrorCode.MfaSetupRequired, 403) : undefined),
      done,
    );
  });
}
