import type { FastifyPluginAsync } from "fastify";
import {
  ClientAuthFrameSchema,
  WS_CLOSE_AUTH_TIMEOUT,
  WS_CLOSE_POLICY_VIOLATION,
  WS_CLOSE_UNAUTHORIZED,
  WS_PATH,
  type LiveView,
  type ServerFrame,
} from "@pharmacy/contract/live/realtime";
import { mayCall, type Role } from "@pharmacy/contract/auth/roles";
import type { Clock } from "../lib/clock.js";
import type { IdentityClaims } from "../lib/identity.js";
import type { LiveBus } from "./live-bus.js";

const AUTH_TIMEOUT_MS = 10_000;

/** The auth feature's id tokens, as the socket checks one. */
interface IdTokenCheck {
  verify(token: string): Promise<(IdentityClaims & { expiresAt: Date }) | undefined>;
}

/** The auth feature's ended sessions: a socket of one is refused, and closed when its session ends. */
interface SessionEnds {
  isEnded(sessionId: string): boolean;
  watch(sessionId: string, onEnd: () => void): () => void;
}

/** The organisation feature's day feed: the 本部 screen's rows of the organisation. */
interface OrganizationDayFrames {
  subscribe(organizationId: string, send: (frame: ServerFrame) => void): () => void;
}

export interface LiveSocketRouteOptions {
  bus: LiveBus;
  organizationDay: OrganizationDayFrames;
  idTokens: IdTokenCheck;
  endedSessions: SessionEnds;
  clock: Clock;
  /** An admin held to set up two-factor sign-in gets no frames, as they get no API call but the setup's. */
  stillHeldToMfaSetup: (identity: IdentityClaims) => Promise<boolean>;
}

/**
 * `/ws`: the first frame must be `{type:"auth", idToken, sessionId}` within 10 s, and it is the only
 * one: any further frame closes the socket (1008), so a socket holds one subscription at most. The socket then
 * receives its branch's frames until the id token expires, when it is closed so that the client
 * reconnects with a fresh token, or when its session ends (sign-out, reset, disabling, device removal).
 * Which frames reach it depends on its role (see LiveBus). The `organization` view (the 本部 screen) gets
 * the token's organisation's day, and only where its role may read that day (the role table's
 * GET /api/organization/today): anyone else is refused with 1008.
 */
export const liveSocketRoute: FastifyPluginAsync<LiveSocketRouteOptions> = async (
  app,
  { bus, organizationDay, idTokens, endedSessions, clock, stillHeldToMfaSetup },
) => {
  app.get(WS_PATH, { websocket: true }, (socket) => {
    const send = (frame: ServerFrame) => socket.send(JSON.stringify(frame));
    let unsubscribe: (() => void) | undefined;
    let expiryTimer: NodeJS.Timeout | undefined;
    let unwatch: (() => void) | undefined;
    let authFrameSeen = false;
    const authTimer = setTimeout(() => socket.close(WS_CLOSE_AUTH_TIMEOUT, "auth timeout"), AUTH_TIMEOUT_MS);

    socket.on("message", async (data) => {
      // checked before any await: frames sent while the first is being verified are refused too
      if (authFrameSeen) {
        socket.close(WS_CLOSE_POLICY_VIOLATION, "one auth frame per socket");
        return;
      }
      authFrameSeen = true;
      let frame;
      try {
        frame = ClientAuthFrameSchema.parse(JSON.parse(String(data)));
      } catch {
        socket.close(WS_CLOSE_UNAUTHORIZED, "bad auth frame");
        return;
      }
      const identity = await idTokens.verify(frame.idToken);
      clearTimeout(authTimer);
      if (!identity || endedSessions.isEnded(identity.sessionId) || socket.readyState !== socket.OPEN) {
        socket.close(WS_CLOSE_UNAUTHORIZED, "unauthorized");
        return;
      }
      if (identity.mfaSetupRequired && (await stillHeldToMfaSetup(identity))) {
        socket.close(WS_CLOSE_POLICY_VIOLATION, "two-factor sign-in setup required");
        return;
      }
      const view = viewOf(identity.role, frame.view);
      if (
        view === "organization" &&
        !mayCall(identity.role, "GET /api/organization/today", identity.organizationAdmin)
      ) {
        socket.close(WS_CLOSE_POLICY_VIOLATION, "not the organisation's admin");
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      unsubscribe =
        view === "organization"
          ? organizationDay.subscribe(identity.organizationId, send)
          : bus.subscribe({
              pharmacyId: identity.pharmacyId,
              role: identity.role,
              view,
              sessionId: frame.sessionId,
              send,
            });
      unwatch = endedSessions.watch(identity.sessionId, () => socket.close(WS_CLOSE_UNAUTHORIZED, "session ended"));
      expiryTimer = setTimeout(
        () => socket.close(WS_CLOSE_UNAUTHORIZED, "token expired"),
        Math.max(0, identity.expiresAt.getTime() - clock.now().getTime()),
      );
      send({ type: "auth.ok" });
    });

    socket.on("close", () => {
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      unsubscribe?.();
      unwatch?.();
    });
  });
};

/** A calling display follows the board only, whatever it asks; people pick (their screens, or a board). */
function viewOf(role: Role, asked: LiveView | undefined): LiveView {
  return role === "display" ? "board" : (asked ?? "staff");
}
