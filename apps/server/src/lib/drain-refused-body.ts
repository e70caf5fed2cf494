import type { FastifyReply, FastifyRequest } from "fastify";

/** What is read and dropped of a refused body at most: the largest upload the API takes (5 photos of 10 MB, with room). */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;
/** And for how long, counted from the answer. */
const MAX_DRAIN_MS = 30_000;

/**
 * A request refused while its body is still coming (a quota, the sends in progress, the rate limit):
 * closing the socket at once leaves unread bytes behind, and the kernel's reset then reaches the
 * client before it has read the answer, which the browser shows as a network error. So the rest of the
 * body is read and dropped, after the answer, and the connection stays open for the client's next
 * request (no `Connection: close`: Node would close it, unread bytes and all, as soon as the answer is
 * out). Past a limit of bytes or time the connection is cut off after all.
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const body = request.raw;
  if (body.complete || body.destroyed) return;
  reply.raw.once("finish", () => {
    const socket = body.socket;
    let left = MAX_DRAINED_BYTES;
    const cutOff = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(cutOff, MAX_DRAIN_MS);
    timer.unref();
    body.unpipe();
    body.removeAllListeners("data");
    body.on("data", (chunk: Buffer) => {
      left -= chunk.byteLength;
      if (left < 0) cutOff();
    });
    body.once("end", () => clearTimeout(timer));
    body.once("error", cutOff);
    body.resume();
  });
}
