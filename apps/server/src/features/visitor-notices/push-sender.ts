import { Agent } from "node:https";
import type { VisitorPush } from "@pharmacy/contract/visitor-notices/visitor-notices";
import type { VapidKeys } from "../../config/vapid-keys.js";
import { isAllowedPushEndpoint, publicAddressLookup, type PushServiceAllowlist } from "./push-endpoint.js";

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
  /** Connects only to public addresses, whatever the push service's name resolves to when the push is sent. */
  private readonly agent = new Agent({ keepAlive: true, lookup: publicAddressLookup });

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly allowlist: PushServiceAllowlist,
  ) {}

  async send(target: PushTarget, push: VisitorPush, ttlSeconds: number): Promise<PushOutcome> {
    // checked again as it is sent: a subscription kept before the checks tightened is dropped, not followed
    if (!isAllowedPushEndpoint(target.endpoint, this.allowlist)) return "gone";
    const url = new URL(target.endpoint);
    // loaded by the first push, not at start
    const { default: webpush } = await import("web-push");
    try {
      await webpush.sendNotification(
        { endpoint: url.href, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(push),
        {
          ...(url.origin !== this.allowlist.testOrigin && { agent: this.agent }),
          vapidDetails: { subject: this.subject, ...this.keys },
          TTL: Math.max(60, Math.round(ttlSeconds)),
          urgency: "high",
          contentEncoding: "aes128gcm",
          timeout: 10_000,
        },
      );
      return "sent";
    } catch (error) {
      const statusCode = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (statusCode === 404 || statusCode === 410 || (error as { code?: string }).code === "ENOTPUBLIC") return "gone";
      throw new PushFailure(url.host, statusCode);
    }
  }
}
