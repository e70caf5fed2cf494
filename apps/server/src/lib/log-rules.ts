import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";

/**
 * URL parts that are secrets: a visitor's status token opens its reception's pages (API, status and
 * follow-up page), an invitation token makes whoever holds it a person of the branch.
 */
const SECRET_SEGMENTS = /(\/api\/public\/reception\/|\/web\/status\/|\/web\/follow-up\/)[^/?#]+/g;
const SECRET_QUERY_VALUES = /([?&]token=)[^&#]*/g;

export function withoutSecrets(url: string): string {
  return url.replace(SECRET_SEGMENTS, "$1[redacted]").replace(SECRET_QUERY_VALUES, "$1[redacted]");
}

/** Fastify's request log fields, with secrets taken out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A socket the client broke (a frame over the size limit, bad framing) is the client's doing: info,
 * not error. Either way the socket is dropped.
 */
export function onWebSocketError(this: unknown, error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("WS_ERR_"))
    request.log.info({ code }, "websocket closed: the client broke the protocol");
  else request.log.error({ err: error }, "websocket failed");
  socket.terminate();
}
