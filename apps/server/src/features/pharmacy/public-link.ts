import type { FastifyRequest } from "fastify";

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether no phone but the server's own machine could open the address. */
export function isLoopbackAddress(url: string): boolean {
  return LOOPBACK_HOSTS.test(new URL(url).hostname);
}

/**
 * The branch's public reception link, on PUBLIC_BASE_URL when it is set, else on the address the
 * staff screen itself was opened with; flagged when that is a loopback address a phone cannot reach.
 */
export function publicReceptionLink(
  publicSlug: string,
  publicBaseUrl: string | undefined,
  request: FastifyRequest,
): { publicUrl: string; publicUrlIsLoopback: boolean } {
  const base = publicBaseUrl ?? `${request.protocol}://${request.host}`;
  const publicUrl = new URL(`web/${publicSlug}`, base.endsWith("/") ? base : `${base}/`).href;
  return { publicUrl, publicUrlIsLoopback: isLoopbackAddress(publicUrl) };
}
