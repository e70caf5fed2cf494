import * as z from "../shared/zod.js";
import { DisplayBoardSchema, ReadyNumberSchema } from "../display/display.js";
import { ReceptionSchema } from "../receptions/receptions.js";
import { BranchDaySchema } from "../organization/organization.js";

export const WS_PATH = "/ws";

/**
 * What a socket follows: a branch's staff screens (reception frames), its calling display (board frames),
 * or the 本部 screen (the organisation's day, for the organisation's admin alone; anyone else is refused 1008).
 */
export const LiveViewSchema = z.enum(["staff", "board", "organization"]);
export type LiveView = z.infer<typeof LiveViewSchema>;

/**
 * The one frame a client sends, first thing after connecting. `sessionId` is the tab's
 * X-Ws-Session-Id: the server does not echo to a socket the changes its own session made.
 */
export const ClientAuthFrameSchema = z.strictObject({
  type: z.literal("auth"),
  idToken: z.string().min(1),
  sessionId: z.uuid(),
  /** What the socket follows (LiveViewSchema); the staff's reception frames by default. */
  view: LiveViewSchema.optional(),
});
export type ClientAuthFrame = z.infer<typeof ClientAuthFrameSchema>;

/** Close codes: the client signs in again (4401) or just reconnects (others). */
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_CLOSE_AUTH_TIMEOUT = 4408;
/** The socket is refused for good: a second auth frame (one per socket), or an admin held to set up two-factor sign-in. */
export const WS_CLOSE_POLICY_VIOLATION = 1008;
/** The server is stopping (a restart or a deploy): the client reconnects, to this or another process. */
export const WS_CLOSE_SERVER_RESTART = 1012;

const AuthOkFrameSchema = z.object({ type: z.literal("auth.ok") });

function receptionFrame<Type extends string>(type: Type) {
  return z.object({ type: z.literal(type), reception: ReceptionSchema, originSessionId: z.string().optional() });
}

/** A reception as it is after the change (a deleted one too, so that the deletion names what went). */
export const ReceptionEventSchema = z.discriminatedUnion("type", [
  receptionFrame("reception.created"),
  receptionFrame("reception.updated"),
  receptionFrame("reception.deleted"),
]);
export type ReceptionEvent = z.infer<typeof ReceptionEventSchema>;
export type ReceptionEventType = ReceptionEvent["type"];
export const RECEPTION_EVENT_TYPES = ReceptionEventSchema.options.map((option) => option.shape.type.value);

/**
 * The calling display's frame: the whole board after any change of the branch's receptions, and
 * `called`, the number just called, set by the call itself (「呼び出す」) and by nothing else: the display
 * chimes and speaks it, and nothing but it. Never a name.
 */
export const BoardFrameSchema = z.object({
  type: z.literal("board.updated"),
  board: DisplayBoardSchema,
  called: ReadyNumberSchema.optional(),
});
export type BoardFrame = z.infer<typeof BoardFrameSchema>;

/**
 * The 本部 screen's frame: the day's rows, as GET /api/organization/today answers them, of the branches of
 * the organisation whose receptions changed since the last frame (several changes close together make one
 * frame). A row of a branch the screen does not list yet, or another date, means: read the whole day again.
 */
export const OrganizationDayFrameSchema = z.object({
  type: z.literal("organization.day.updated"),
  date: z.string(),
  branches: z.array(BranchDaySchema),
});
export type OrganizationDayFrame = z.infer<typeof OrganizationDayFrameSchema>;

/**
 * The server may have missed changes (its PostgreSQL LISTEN connection dropped and came back): the
 * client fetches its lists anew, as after a reconnect of its own.
 */
const ResyncFrameSchema = z.object({ type: z.literal("resync") });

/**
 * Every frame the server pushes, one union by `type` (as immich types its client events): a new kind
 * of event is one more member here, and the server's bus and the web's socket both get its type.
 */
export const ServerFrameSchema = z.discriminatedUnion("type", [
  AuthOkFrameSchema,
  ResyncFrameSchema,
  ...ReceptionEventSchema.options,
  BoardFrameSchema,
  OrganizationDayFrameSchema,
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
export type ServerFrameType = ServerFrame["type"];
