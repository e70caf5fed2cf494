import type { HTTPFetchError, messagingApi } from "@line/bot-sdk";

/** The SDK is loaded by the first call to LINE: most branches never make one, and it is a large part of a start. */
const sdk = () => import("@line/bot-sdk");

/** What LINE said of the account when the settings were checked. */
export interface LineBot {
  userId: string;
  basicId: string;
  premiumId?: string | undefined;
  displayName: string;
}

/**
 * How a push ended: `sent` (accepted now, or earlier under the same retry key: 409), `retry` (429 but
 * the monthly limit, 5xx, no answer: the same message with the same key later), `refused` (LINE will
 * never take it: a blocked or unknown user, a revoked token), `over_quota` (the account's monthly limit).
 */
export type PushOutcome =
  | { kind: "sent" }
  | { kind: "retry"; afterSeconds?: number | undefined; status?: number | undefined }
  | { kind: "refused"; status: number }
  | { kind: "over_quota" };

/** The channel access token LINE does not know (401) or a channel it refuses (403). */
export class LineCredentialsRefused extends Error {}

/** LINE did not answer within the timeout: the call is given up (LINE may still have done it). */
class LineTimedOut extends Error {}

const MONTHLY_LIMIT_MESSAGE = /monthly limit/i;

function retryAfterOf(error: HTTPFetchError): number | undefined {
  const value = Number(error.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The Messaging API through the official SDK, on `baseUrl` (https://api.line.me; a local stand-in in
 * tests). Every call is given up after `timeoutMs`: the SDK (11.x) calls `fetch` with no signal nor
 * timeout of its own, so the wait is bounded here; the abandoned request is left to end by itself.
 */
export class LineApi {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  private async call<T>(
    accessToken: string,
    request: (client: messagingApi.MessagingApiClient) => Promise<T>,
  ): Promise<T> {
    const { messagingApi } = await sdk();
    const pending = request(
      new messagingApi.MessagingApiClient({ channelAccessToken: accessToken, baseURL: this.baseUrl }),
    );
    // an answer (or failure) arriving after the timeout is dropped, not left unhandled
    pending.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new LineTimedOut()), this.timeoutMs);
    });
    try {
      return await Promise.race([pending, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** GET /v2/bot/info: the token works, and for which account. */
  async botInfo(accessToken: string): Promise<LineBot> {
    try {
      const { userId, basicId, premiumId, displayName } = await this.call(accessToken, (client) => client.getBotInfo());
      return { userId, basicId, premiumId, displayName };
    } catch (error) {
      if (error instanceof (await sdk()).HTTPFetchError && (error.status === 401 || error.status === 403))
        throw new LineCredentialsRefused();
      throw error;
    }
  }

  /** POST /v2/bot/message/push with `retryKey` as X-Line-Retry-Key: however often it is tried (a timed-out try too), LINE delivers it once. */
  async push(accessToken: string, to: string, text: string, retryKey: string): Promise<PushOutcome> {
    try {
      await this.call(accessToken, (client) =>
        client.pushMessage({ to, messages: [{ type: "text", text }] }, retryKey),
      );
      return { kind: "sent" };
    } catch (error) {
      // no answer (a timeout, a dropped connection): LINE may have taken it, and the same key tells it so on the next try
      if (!(error instanceof (await sdk()).HTTPFetchError)) return { kind: "retry" };
      if (error.status === 409) return { kind: "sent" };
      if (error.status === 429)
        return MONTHLY_LIMIT_MESSAGE.test(error.body)
          ? { kind: "over_quota" }
          : { kind: "retry", afterSeconds: retryAfterOf(error), status: 429 };
      if (error.status >= 500) return { kind: "retry", afterSeconds: retryAfterOf(error), status: error.status };
      return { kind: "refused", status: error.status };
    }
  }

  /** POST /v2/bot/message/reply: free of the monthly count, valid once and briefly after the event. */
  async reply(accessToken: string, replyToken: string, text: string): Promise<void> {
    await this.call(accessToken, (client) => client.replyMessage({ replyToken, messages: [{ type: "text", text }] }));
  }
}
