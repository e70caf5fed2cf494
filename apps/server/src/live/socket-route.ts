import type { FastifyPluginAsync } from "fastify";
import {
  ClientAuthFrameSchema,
  WS_CLOSE_AUTH_TIMEOUT,
  WS_CLOSE_UNAUTHORIZED,
  WS_PATH,
  type ServerFrame,
} from "@pharmacy/contract/realtime";
import type { Clock } from "../lib/clock.js";
import type { LiveBus } from "./live-bus.js";

const AUTH_TIMEOUT_MS = 10_000;

/** Who a valid id token names, or undefined for any other token. */
export type VerifyIdToken = (idToken: string) => Promise<{ pharmacyId: string; expiresAt: Date } | undefined>;

export interface LiveSocketRouteOptions {
  bus: LiveBus;
  verifyIdToken: VerifyIdToken;
  clock: Clock;
}

/**
 * `/ws`: the first frame must be `{type:"auth", idToken, sessionId}` within 10 s. The socket then
 * receives its branch's frames until the id token expires, when it is closed so that the client
 * reconnects with a fresh token.
 */
export const liveSocketRoute: FastifyPluginAsync<LiveSocketRouteOptions> = async (app, { bus, verifyIdToken, clock }) => {
  app.get(WS_PATH, { websocket: true }, (socket) => {
    const send = (frame: ServerFrame) => socket.send(JSON.stringify(frame));
    let unsubscribe: (() => void) | undefined;
    let expiryTimer: NodeJS.Timeout | undefined;
    const authTimer = setTimeout(() => socket.close(WS_CLOSE_AUTH_TIMEOUT, "auth timeout"), AUTH_TIMEOUT_MS);

    socket.on("message", async (data) => {
      if (unsubscribe) return;
      let frame;
      try {
        frame = ClientAuthFrameSchema.parse(JSON.parse(String(data)));
      } catch {
        socket.close(WS_CLOSE_UNAUTHORIZED, "bad auth frame");
        return;
      }
      const identity = await verifyIdToken(frame.idToken);
      clearTimeout(authTimer);
      if (!identity || socket.readyState !== socket.OPEN) {
        socket.close(WS_CLOSE_UNAUTHORIZED, "unauthorized");
        return;
      }
      unsubscribe = bus.subscribe({ pharmacyId: identity.pharmacyId, sessionId: frame.sessionId, send });
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
    });
  });
};
