import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";

/**
 * Addresses that carry a secret: a status token opens its reception's pages, a follow-up token a
 * patient's medicines and answers, an invitation token makes its holder a person of the branch. One
 * rule: a path parameter is a secret unless it is named here (row ids; a branch's slug is on its
 * poster). The server's routes are learned as they are registered, so a new route with a token in its
 * path is redacted without being listed anywhere.
 */
const PUBLIC_PARAMETERS = new Set(["id", "prescriptionId", "publicSlug"]);
/** The patient pages the server links to: they are the web app's, not routes of the server. */
const SECRET_PAGES = ["/web/status/:statusToken", "/web/follow-up/:token"];
/** Query values that are secrets wherever they appear: the invitation link's. */
const SECRET_QUERY_VALUES = /([?&]token=)[^&#]*/g;
const REDACTED = "[redacted]";

const isSecretParameter = (segment: string) => segment.startsWith(":") && !PUBLIC_PARAMETERS.has(segment.slice(1));

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export class UrlRedaction {
  /** Path patterns split on "/", each with at least one secret parameter. */
  private readonly patterns: string[][] = [];

  constructor() {
    for (const page of SECRET_PAGES) this.learn(page);
  }

  /** A route's path (`/api/public/follow_up/:token`): kept when one of its parameters is a secret. */
  learn(routePath: string): void {
    const segments = routePath.split("/");
    if (segments.some(isSecretParameter)) this.patterns.push(segments);
  }

  /** The URL with each secret path segment (of the pattern or any address under it) and token query value replaced. */
  redact(url: string): string {
    const pathEnd = url.search(/[?#]/);
    const segments = (pathEnd === -1 ? url : url.slice(0, pathEnd)).split("/");
    const rest = pathEnd === -1 ? "" : url.slice(pathEnd);
    for (const pattern of this.patterns) {
      const matches =
        pattern.length <= segments.length &&
        pattern.every((part, i) => part.startsWith(":") || part === decodedSegment(segments[i] ?? ""));
      if (!matches) continue;
      pattern.forEach((part, i) => {
        if (isSecretParameter(part)) segments[i] = REDACTED;
      });
    }
    return segments.join("/") + rest.replace(SECRET_QUERY_VALUES, `$1${REDACTED}`);
  }

  /** Fastify's request log fields, with secrets taken out of the URL. */
  readonly serializeRequest = (request: FastifyRequest) => ({
    method: request.method,
    url: this.redact(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
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
