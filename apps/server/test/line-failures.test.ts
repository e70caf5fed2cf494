import { describe, expect, it } from "vitest";
import {
  lineServerPerFile,
  linkUser,
  markReady,
  pushesTo,
  untilRescheduled,
  waitFor,
  webReception,
} from "./helpers/line.js";

const context = lineServerPerFile();

describe("LINE's failures", () => {
  it("429 and 5xx are tried again after a wait, under the same retry key; the message arrives once, and a later one waits for it", async () => {
    const { server, account, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    platform.failPushes(500, 1);
    platform.failPushes(429, 1);
    const triesBefore = platform.requests.filter((request) => request.path === "/v2/bot/message/push").length;
    await markReady(context, reception.id);
    // the first try fails at once; the next waits 1 s, the third 2 s (LINE's Retry-After of 1 s is shorter), on the test clock
    expect(await untilRescheduled(context, userId, 1)).toBe(1000);
    expect(pushesTo(context, userId)).toEqual([]);
    // queued meanwhile, the call waits for the message before it
    await server.api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    expect(await untilRescheduled(context, userId, 2)).toBe(2000);
    const delivered = await platform.until(() =>
      pushesTo(context, userId).length >= 2 ? pushesTo(context, userId) : undefined,
    );
    expect(delivered.map((push) => push.text.split("\n")[0])).toEqual([
      expect.stringContaining("お薬をお渡しできます"),
      expect.stringContaining("お呼びしています"),
    ]);
    const tries = platform.requests.filter((request) => request.path === "/v2/bot/message/push").slice(triesBefore);
    expect(tries).toHaveLength(4);
    expect(tries.slice(0, 3).every((request) => request.headers["x-line-retry-key"] === delivered[0]!.retryKey)).toBe(
      true,
    );
  });

  it("an answer lost after LINE accepted the message: the retry gets 409 and the patient gets it once", async () => {
    const { server, account, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    platform.acceptThenDropNextPush();
    await server.api.post(`/api/reception/${reception.id}/photo_request`, { reason: "Blurry" }, account.idToken);
    await untilRescheduled(context, userId, 1);
    const settled = await waitFor(async () => {
      const message = await server.database.db
        .selectFrom("line_outbox")
        .select(["state", "attempts"])
        .where("line_user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return message.state === "sent" ? message : undefined;
    });
    expect(settled.attempts).toBe(2);
    expect(pushesTo(context, userId)).toHaveLength(1);
  });
});
