import { HTTPFetchError, messagingApi } from "@line/bot-sdk";

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
export type PushOutcome = { kind: "sent" } | { kind: "retry"; afterSeconds?: number | undefined; status?: number | undefined } | { kind: "refused"; status: number } | { kind: "over_quota" };

/** The channel access token LINE does not know (401) or a channel it refuses (403). */
export class LineCredentialsRefused extends Error {}

const MONTHLY_LIMIT_MESSAGE = /monthly limit/i;

function retryAfterOf(error: HTTPFetchError): number | undefined {
  const value = Number(error.headers.get("retry-after"));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The Messaging API through the official SDK, on `baseUrl` (https://api.line.me; a local stand-in in tests). */
export class LineApi {
  constructor(private readonly baseUrl: string) {}

  private client(accessToken: string): messagingApi.MessagingApiClient {
    return new messagingApi.MessagingApiClient({ channelAccessToken: accessToken, baseURL: this.baseUrl });
  }

  /** GET /v2/bot/info: the token works, and for which account. */
  async botInfo(accessToken: string): Promise<LineBot> {
    try {
      const { userId, basicId, premiumId, displayName } = await this.client(accessToken).getBotInfo();
      return { userId, basicId, premiumId, displayName };
    } catch (error) {
      if (error instanceof HTTPFetchError && (error.status === 401 || error.status === 403)) throw new LineCredentialsRefused();
      throw error;
    }
  }

  /** POST /v2/bot/message/push with `retryKey` as X-Line-Retry-Key: however often it is tried, LINE delivers it once. */
  async push(accessToken: string, to: string, text: string, retryKey: string): Promise<PushOutcome> {
    try {
      await this.client(accessToken).pushMessage({ to, messages: [{ type: "text", text }] }, retryKey);
      return { kind: "sent" };
    } catch (error) {
      if (!(error instanceof HTTPFetchError)) return { kind: "retry" };
      if (error.status === 409) return { kind: "sent" };
      if (error.status === 429) return MONTHLY_LIMIT_MESSAGE.test(error.body) ? { kind: "over_quota" } : { kind: "retry", afterSeconds: retryAfterOf(error), status: 429 };
      if (error.status >= 500) return { kind: "retry", afterSeconds: retryAfterOf(error), status: error.status };
      return { kind: "refused", status: error.status };
    }
  }

  /** POST /v2/bot/message/reply: free of the monthly count, valid once and briefly after the event. */
  async reply(accessToken: string, replyToken: string, text: string): Promise<void> {
    await this.client(accessToken).replyMessage({ replyToken, messages: [{ type: "text", text }] });
  }
}
