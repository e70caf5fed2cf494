import type { FastifyRequest } from "fastify";
import { WS_SESSION_HEADER } from "@pharmacy/contract/session-header";
import { z } from "zod";
import { identityOf } from "./authenticate.js";

/** Who acts: a signed-in staff member of one branch, or the public web page of that branch. */
export interface Actor {
  pharmacyId: string;
  name: string;
  /** The acting browser's websocket session, carried on the events it causes. */
  sessionId?: string | undefined;
}

const SessionIdSchema = z.uuid();

/** The signed-in staff member acting; the branch always comes from the token, never from the request. */
export function actorOf(request: FastifyRequest): Actor {
  const identity = identityOf(request);
  const sessionId = SessionIdSchema.safeParse(request.headers[WS_SESSION_HEADER]);
  return { pharmacyId: identity.pharmacyId, name: identity.email, sessionId: sessionId.success ? sessionId.data : undefined };
}
