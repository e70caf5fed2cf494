import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { UnauthorizedError } from "../../lib/errors.js";
import type { IdTokens, VerifiedIdentity } from "./id-tokens.js";
import type { EndedSessions } from "./sessions.js";

/**
 * onRequest hook for /api scopes: a valid bearer id token of a live session or 401. The branch always
 * comes from here. A token verified before is answered without waiting (most calls: screens send the
 * same token all hour), so those calls make no promise here.
 */
export function authenticate(idTokens: IdTokens, endedSessions: EndedSessions) {
  const admit = (request: FastifyRequest, identity: VerifiedIdentity | undefined) => {
    if (!identity || endedSessions.isEnded(identity.sessionId)) return new UnauthorizedError();
    request.identity = identity;
    return undefined;
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
    if (!token) return done(new UnauthorizedError());
    const known = idTokens.remembered(token);
    if (known) return done(admit(request, known));
    idTokens.verify(token).then((identity) => done(admit(request, identity)), done);
  };
}
