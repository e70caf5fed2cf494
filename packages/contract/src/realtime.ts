import { z } from "zod";
import { ReceptionSchema } from "./receptions.js";

export const WS_PATH = "/ws";

export const ClientAuthFrameSchema = z.strictObject({
  type: z.literal("auth"),
  idToken: z.string().min(1),
  sessionId: z.uuid(),
});
export type ClientAuthFrame = z.infer<typeof ClientAuthFrameSchema>;

/** Header every web request carries, so the server can tag events with the session that caused them. */
export const WS_SESSION_HEADER = "x-ws-session-id";

/** Close codes: the client signs in again (4401) or just reconnects (others). */
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_CLOSE_AUTH_TIMEOUT = 4408;

export const ReceptionEventTypeSchema = z.enum(["reception.created", "reception.updated", "reception.deleted"]);
export type ReceptionEventType = z.infer<typeof ReceptionEventTypeSchema>;

export const ReceptionEventSchema = z.object({
  type: ReceptionEventTypeSchema,
  reception: ReceptionSchema,
  originSessionId: z.string().optional(),
});
export type ReceptionEvent = z.infer<typeof ReceptionEventSchema>;

/** Every frame the server pushes, one union: `auth.ok` answers the auth frame, then reception events. */
export type ServerEvent = ReceptionEvent | { type: "auth.ok" };
