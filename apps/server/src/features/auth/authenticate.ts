import type { FastifyReply, FastifyRequest } from "fastify";
import { UnauthorizedError } from "../../lib/errors.js";
import type { IdTokens } from "./id-tokens.js";
import type { EndedSessions } from "./sessions.js";

/** onRequest hook for /api scopes: a valid bearer id token of a live session or 401. The branch always comes from here. */
export function authenticate(idTokens: IdTokens, endedSessions: EndedSessions) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : undefined;
    const identity = token ? await idTokens.verify(token) : undefined;
    if (!identity || endedSessions.isEnded(identity.sessionId)) throw new UnauthorizedError();
    request.identity = identity;
  };
}
