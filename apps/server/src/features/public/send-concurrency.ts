import type { onRequestHookHandler } from "fastify";
import { AppError } from "../../lib/errors.js";

/**
 * At most `max` sends in progress per client address in this process: one phone, or one attacker,
 * cannot hold many uploads open at once. A slot is freed when the response ends or the connection drops.
 */
export function limitConcurrentSendsPerAddress(max: number): onRequestHookHandler {
  const inProgress = new Map<string, number>();
  return async (request, reply) => {
    const address = request.ip;
    const count = inProgress.get(address) ?? 0;
    if (count >= max) throw new AppError(429, "送信中の受付があります。完了してからもう一度お試しください。");
    inProgress.set(address, count + 1);
    reply.raw.once("close", () => {
      const left = (inProgress.get(address) ?? 1) - 1;
      if (left === 0) inProgress.delete(address);
      else inProgress.set(address, left);
    });
  };
}
