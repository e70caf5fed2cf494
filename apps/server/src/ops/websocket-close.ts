import type { FastifyInstance } from "fastify";
import { WS_CLOSE_SERVER_RESTART } from "@pharmacy/contract/live/realtime";

/**
 * @fastify/websocket's preClose: every open socket is told the server restarts (1012), which the web
 * client answers by reconnecting — to this process once it is back, or to another behind the proxy.
 */
export function closeSocketsForRestart(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(WS_CLOSE_SERVER_RESTART, "server restart");
  this.websocketServer.close(() => done());
}
