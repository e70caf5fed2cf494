const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether no phone but the server's own machine could open the address. */
export function isLoopbackAddress(url: string): boolean {
  return LOOPBACK_HOSTS.test(new URL(url).hostname);
}

/**
 * The branch's public reception link on its link base (see LinkOrigins); flagged when that is a
 * loopback address a phone cannot reach.
 */
export function publicReceptionLink(
  publicSlug: string,
  base: string,
): { publicUrl: string; publicUrlIsLoopback: boolean } {
  const publicUrl = new URL(`web/${publicSlug}`, base.endsWith("/") ? base : `${base}/`).href;
  return { publicUrl, publicUrlIsLoopback: isLoopbackAddress(publicUrl) };
}
