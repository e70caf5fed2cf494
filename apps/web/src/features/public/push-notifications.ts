import type { PushSubscribed } from "@pharmacy/contract/visitor-notices/visitor-notices";
import { getPushPublicKey, subscribeToPush } from "./public-api";

/**
 * Web Push on the status page. The patient pages' service worker (public/public-push-sw.js) only
 * shows the pushes and opens the status page on a tap: no caching, no fetch handler. It is registered
 * only when the visitor asks for notifications.
 */

export const PUSH_WORKER_URL = "/public-push-sw.js";
const PUSH_WORKER_SCOPE = "/web/status/";

/** Push works here; or this is an iPhone/iPad, where it works once the page is opened from the home screen; or not at all. */
export type PushSupport = "supported" | "add-to-home-screen" | "unsupported";

interface BrowserFacts {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  secureContext: boolean;
  userAgent: string;
  maxTouchPoints: number;
}

export function pushSupportOf(facts: BrowserFacts): PushSupport {
  if (facts.serviceWorker && facts.pushManager && facts.notification && facts.secureContext) return "supported";
  // iPadOS says it is a Mac; a touch screen tells them apart
  const apple =
    /iPhone|iPad|iPod/.test(facts.userAgent) || (/Macintosh/.test(facts.userAgent) && facts.maxTouchPoints > 1);
  return apple ? "add-to-home-screen" : "unsupported";
}

export function currentPushSupport(): PushSupport {
  return pushSupportOf({
    serviceWorker: "serviceWorker" in navigator,
    pushManager: "PushManager" in window,
    notification: "Notification" in window,
    secureContext: window.isSecureContext,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Asks for permission, subscribes this browser and hands the subscription to the server; "denied" when the visitor said no. */
export async function subscribeThisBrowser(statusToken: string): Promise<PushSubscribed | "denied"> {
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await getPushPublicKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  return subscribeToPush(statusToken, {
    endpoint: endpoint ?? "",
    keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" },
  });
}

const subscribedKey = (statusToken: string) => `push-subscribed:${statusToken}`;

/** Until when this browser is known to be subscribed for the reception (kept for the visitor's next visit to the page). */
export function subscribedUntil(statusToken: string): string | undefined {
  try {
    const until = localStorage.getItem(subscribedKey(statusToken));
    return until && Date.parse(until) > Date.now() ? until : undefined;
  } catch {
    return undefined;
  }
}

export function rememberSubscribed(statusToken: string, expiresAt: string): void {
  try {
    localStorage.setItem(subscribedKey(statusToken), expiresAt);
  } catch {
    // private mode: the page just offers the button again next time
  }
}
