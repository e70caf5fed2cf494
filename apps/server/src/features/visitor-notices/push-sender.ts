import webpush, { WebPushError } from "web-push";
import type { VisitorPush } from "@pharmacy/contract/visitor-notices";
import type { VapidKeys } from "../../config/vapid-keys.js";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push service's answer that means the subscription is gone for good (RFC 8030 §7.3: 404, 410). */
export type PushOutcome = "sent" | "gone";

/** A failed push as it may be logged: the push service's host and status, never the endpoint (a capability) or the keys. */
export class PushFailure extends Error {
  constructor(
    readonly pushService: string,
    readonly statusCode: number | undefined,
  ) {
    super(`push to ${pushService} failed${statusCode === undefined ? "" : ` with ${statusCode}`}`);
  }
}

/** Web Push with the `web-push` library: the message encrypted for the browser (aes128gcm, RFC 8291), signed with VAPID. */
export class PushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
  ) {}

  async send(target: PushTarget, push: VisitorPush, ttlSeconds: number): Promise<PushOutcome> {
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(push), {
        vapidDetails: { subject: this.subject, ...this.keys },
        TTL: Math.max(60, Math.round(ttlSeconds)),
        urgency: "high",
        contentEncoding: "aes128gcm",
        timeout: 10_000,
      });
      return "sent";
    } catch (error) {
      const statusCode = error instanceof WebPushError ? error.statusCode : undefined;
      if (statusCode === 404 || statusCode === 410) return "gone";
      throw new PushFailure(new URL(target.endpoint).host, statusCode);
    }
  }
}
