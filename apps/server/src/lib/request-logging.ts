import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * Routes that screens, phones and probes call every few seconds: their request lines go to debug, so
 * the info log keeps what people did. A failing request is still logged as an error.
 */
const POLLED_ROUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [
    "GET",
    new Set(["/api/reception", "/api/public/reception/:statusToken", "/healthz", "/readyz", "/metrics", "/sw.js"]),
  ],
]);

function isPolled(request: FastifyRequest): boolean {
  return POLLED_ROUTES.get(request.method)?.has(request.routeOptions.url ?? "") ?? false;
}

export class PollingAwareLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (isPolled(request)) request.log.debug({ req: request }, "incoming request");
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (!error && isPolled(request))
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, "request completed");
    else super.requestCompleted(error, request, reply, metadata);
  }
}
