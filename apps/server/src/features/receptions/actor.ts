import type { FastifyRequest } from "fastify";
import { WS_SESSION_HEADER } from "@pharmacy/contract/realtime";
import { z } from "zod";
import { identityOf } from "../auth/authenticate.js";
import type { Actor } from "./service.js";

const SessionIdSchema = z.uuid();

/** The signed-in staff member acting; the branch always comes from the token, never from the request. */
export function actorOf(request: FastifyRequest): Actor {
  const identity = identityOf(request);
  const sessionId = SessionIdSchema.safeParse(request.headers[WS_SESSION_HEADER]);
  return { pharmacyId: identity.pharmacyId, name: identity.email, sessionId: sessionId.success ? sessionId.data : undefined };
}
