import { isLoopbackAddress } from "@pharmacy/contract/pharmacy/pharmacy";

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
