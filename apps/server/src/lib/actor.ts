import type { FastifyRequest } from "fastify";
import type { AuditActorType } from "@pharmacy/contract/audit/audit";
import { isDeviceRole, type Role } from "@pharmacy/contract/auth/roles";
import { WS_SESSION_HEADER } from "@pharmacy/contract/auth/session-header";
import { z } from "zod";
import { identityOf } from "./identity.js";

/** Who acts: a signed-in person or device of one branch, a patient on its public page, or the server itself. */
export interface Actor {
  pharmacyId: string;
  /** How the history names them: a person's name and e-mail, a device's name. */
  name: string;
  type: AuditActorType;
  /** The person's or device's id (none for a patient or the server). */
  id?: string | undefined;
  role?: Role | undefined;
  /** The acting browser's websocket session, carried on the events it causes. */
  sessionId?: string | undefined;
}

const SessionIdSchema = z.uuid();

/** 「薬剤師 太郎（taro@example.jp）」: the name a person gave, with the e-mail that tells two of one name apart. */
export function personLabel(name: string, email: string): string {
  return name ? `${name}（${email}）` : email;
}

/** The signed-in person or device acting; the branch always comes from the token, never from the request. */
export function actorOf(request: FastifyRequest): Actor {
  const identity = identityOf(request);
  const header = request.headers[WS_SESSION_HEADER];
  // most calls carry none, and a failed parse builds a whole error
  const sessionId = header === undefined ? undefined : SessionIdSchema.safeParse(header);
  const isDevice = isDeviceRole(identity.role);
  return {
    pharmacyId: identity.pharmacyId,
    name: isDevice ? identity.name : personLabel(identity.name, identity.email),
    type: isDevice ? "device" : "user",
    id: identity.userId,
    role: identity.role,
    sessionId: sessionId?.success ? sessionId.data : undefined,
  };
}
