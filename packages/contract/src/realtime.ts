import { z } from "zod";

export const WS_PATH = "/ws";

export const ClientAuthFrameSchema = z.strictObject({
  type: z.literal("auth"),
  idToken: z.string().min(1),
  sessionId: z.uuid(),
});
export type ClientAuthFrame = z.infer<typeof ClientAuthFrameSchema>;

/** Header every web request carries, so the server can tag events with the session that caused them. */
export const WS_SESSION_HEADER = "x-ws-session-id";
