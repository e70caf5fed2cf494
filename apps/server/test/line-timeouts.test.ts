import { describe, expect, it } from "vitest";
import { lineLinkMessage } from "@pharmacy/contract/line/line";
import { makeLineUserId, textMessageEvent } from "@pharmacy/test-support/line-platform";
import {
  connect,
  eventsFor,
  lineServerPerFile,
  linkCode,
  linkUser,
  markReady,
  nowOf,
  pushesTo,
  untilRescheduled,
  waitFor,
  webhook,
  webReception,
} from "./helpers/line.js";

/** Calls to LINE are given up after LINE_API_TIMEOUT_MS; the stand-in holds its answers well past it. */
const TIMEOUT_MS = 3000;
const HELD_MS = 9000;
const context = lineServerPerFile({ LINE_API_TIMEOUT_MS: String(TIMEOUT_MS) });

describe("a LINE that does not answer", () => {
  it("a push left unanswered is given up, tried again later under the same retry key, and delivered once", async () => {
    const { server, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    platform.delay("/v2/bot/message/push", HELD_MS);
    try {
      await markReady(context, reception.id);
      // given up after the timeout and put back for a try 1 s later (on the test clock), as after a 5xx
      const waitMs = await untilRescheduled(context, userId, 1, false);
      expect(waitMs).toBe(1000);
      expect(pushesTo(context, userId)).toEqual([]);
      // LINE took the held request after all: the retry must not deliver it again
      const [accepted] = await platform.until(() =>
        pushesTo(context, userId).length > 0 ? pushesTo(context, userId) : undefined,
      );
      platform.delay("/v2/bot/message/push", 0);
      server.clock.advance(waitMs);
      const settled = await waitFor(async () => {
        const message = await server.database.db
          .selectFrom("line_outbox")
          .select(["id", "state", "attempts"])
          .where("line_user_id", "=", userId)
          .executeTakeFirstOrThrow();
        return message.state === "sent" ? message : undefined;
      });
      expect(settled.attempts).toBe(2);
      expect(pushesTo(context, userId)).toHaveLength(1);
      const tries = platform.requests.filter(
        (request) => request.path === "/v2/bot/message/push" && (request.body as { to: string }).to === userId,
      );
      expect(tries).toHaveLength(2);
      expect(
        tries.every(
          (request) => request.headers["x-line-retry-key"] === settled.id && accepted!.retryKey === settled.id,
        ),
      ).toBe(true);
    } finally {
      platform.delay("/v2/bot/message/push", 0);
    }
  });

  it("a reply left unanswered does not hold the webhook: the link is made and the failure logged", async () => {
    const { server, platform, logLines } = context;
    const reception = await webReception(context);
    const code = await linkCode(context, reception.statusToken);
    const userId = makeLineUserId();
    platform.delay("/v2/bot/message/reply", HELD_MS);
    try {
      const event = textMessageEvent(userId, lineLinkMessage(code), nowOf(context));
      expect((await webhook(context, eventsFor(context, event))).status).toBe(200);
      // answered once the reply was given up: LINE has not handled it yet
      expect(platform.replies.find((reply) => reply.replyToken === event.replyToken)).toBeUndefined();
      expect(
        await server.database.db
          .selectFrom("line_links")
          .select("line_user_id")
          .where("reception_id", "=", reception.id)
          .execute(),
      ).toEqual([{ line_user_id: userId }]);
      expect(logLines.some((line) => line.includes("LINE reply not sent"))).toBe(true);
    } finally {
      platform.delay("/v2/bot/message/reply", 0);
    }
  });

  it("set-up: LINE not answering the check is told as such (502), and nothing is saved", async () => {
    const { server, platform } = context;
    const before = await server.database.db.selectFrom("line_channels").select("updated_at").executeTakeFirstOrThrow();
    platform.delay("/v2/bot/info", HELD_MS);
    try {
      const saved = await connect(context, { monthlyLimit: 100 });
      expect(saved.status).toBe(502);
      // a catalogued code, so the settings page shows this sentence rather than a generic server error
      expect(saved.body).toEqual({
        errorCode: 1401,
        message: "LINEに接続できませんでした。しばらくしてからもう一度お試しください。",
      });
    } finally {
      platform.delay("/v2/bot/info", 0);
    }
    const after = await server.database.db
      .selectFrom("line_channels")
      .select(["updated_at", "monthly_limit"])
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ updated_at: before.updated_at, monthly_limit: null });
  });
});
