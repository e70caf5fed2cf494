import { describe, expect, it } from "vitest";
import { unfollowEvent } from "@pharmacy/test-support/line-platform";
import {
  eventsFor,
  lineServerPerFile,
  linkUser,
  markReady,
  nowOf,
  PUBLIC_BASE_URL,
  pushesTo,
  webhook,
  webReception,
} from "./helpers/line.js";

const context = lineServerPerFile();

describe("messages", () => {
  it("ready, called and a photo request reach the linked user, in Japanese, without personal data, with the status link", async () => {
    const { server, account, platform, line } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    await markReady(context, reception.id);
    await server.api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    await server.api.post(
      `/api/reception/${reception.id}/photo_request`,
      { reason: "Glare", message: "ヤマダ様へ" },
      account.idToken,
    );
    const pushes = await platform.until(() =>
      pushesTo(context, userId).length >= 3 ? pushesTo(context, userId) : undefined,
    );
    const link = `${PUBLIC_BASE_URL}/web/status/${reception.statusToken}`;
    const { name } = (await server.api.get("/api/pharmacy", account.idToken)).body as { name: string };
    expect(pushes.map((push) => push.text)).toEqual([
      `【${name}】お薬をお渡しできます\n受付番号 ${reception.receptionNumber}番のお薬の準備ができました。薬局の窓口で受付番号をお伝えください。\n\n${link}`,
      `【${name}】お呼びしています\n受付番号 ${reception.receptionNumber}番の方、お薬のご用意ができました。お渡し口までお越しください。\n\n${link}`,
      `【${name}】処方箋の写真をもう一度お送りください\n受付番号 ${reception.receptionNumber}番：光が反射して読み取れません。受付状況のページから新しい写真を送ってください。\n\n${link}`,
    ]);
    for (const push of pushes) {
      expect(push.text).not.toMatch(/ヤマダ|09012345678/);
    }
    const sent = platform.requests.filter((request) => request.path === "/v2/bot/message/push");
    expect(sent.every((request) => request.headers.authorization === `Bearer ${line.accessToken}`)).toBe(true);
    expect(new Set(pushes.map((push) => push.retryKey)).size).toBe(3);
    expect(platform.problems).toEqual([]);
  });

  it("a blocked account (unfollow) unlinks the user: nothing more is sent to them", async () => {
    const { server, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    expect((await webhook(context, eventsFor(context, unfollowEvent(userId, nowOf(context))))).status).toBe(200);
    expect(
      await server.database.db
        .selectFrom("line_links")
        .select("reception_id")
        .where("line_user_id", "=", userId)
        .execute(),
    ).toEqual([]);
    await markReady(context, reception.id);
    // a later message to someone else goes out, and still nothing to the one who blocked
    const other = await webReception(context);
    const { userId: otherUser } = await linkUser(context, other.statusToken);
    await markReady(context, other.id);
    await platform.until(() => (pushesTo(context, otherUser).length > 0 ? true : undefined));
    expect(pushesTo(context, userId)).toEqual([]);
  });

  it("hand-over ends the link: no message after it", async () => {
    const { server, account, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    await markReady(context, reception.id);
    await platform.until(() => (pushesTo(context, userId).length === 1 ? true : undefined));
    await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, account.idToken);
    expect(
      await server.database.db
        .selectFrom("line_links")
        .select("reception_id")
        .where("reception_id", "=", reception.id)
        .execute(),
    ).toEqual([]);
  });
});
