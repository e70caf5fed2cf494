import * as z from "../shared/zod.js";

/** Browsers (phones and computers) one reception may have subscribed at once. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION = 5;

/** GET /api/public/push_public_key: the application server key a page subscribes with. */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/**
 * POST /api/public/reception/{statusToken}/push_subscription: what `PushSubscription.toJSON()` gives,
 * without `expirationTime`. The push service's address must be https; the keys are the browser's
 * P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret, base64url.
 */
export const PushSubscriptionInputSchema = z.strictObject({
  endpoint: z
    .string()
    .max(2048, "通知の登録先が長すぎます")
    .pipe(z.url({ protocol: /^https$/, error: "通知の登録先はhttpsのアドレスにしてください" }))
    .refine((endpoint) => !/^https:\/\/[^/]*@/.test(endpoint), "通知の登録先にユーザー名は使えません"),
  keys: z.strictObject({
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}$/, "通知の鍵（p256dh）の形式が正しくありません"),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "通知の鍵（auth）の形式が正しくありません"),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** Until when the subscription holds: the end of the reception's business day. */
export const PushSubscribedSchema = z.object({ expiresAt: z.iso.datetime() });
export type PushSubscribed = z.infer<typeof PushSubscribedSchema>;

/**
 * The push's payload, read by the patient pages' service worker: Japanese text without any personal
 * data but the reception number, and the status page's path (opened on a tap, on the page's own origin).
 */
export const VisitorPushSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type VisitorPush = z.infer<typeof VisitorPushSchema>;
