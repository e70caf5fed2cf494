import { describe, expect, it } from "vitest";
import { DAY_MS } from "@pharmacy/contract/calendar/business-calendar";
import {
  LINE_CODE_PATTERN,
  lineLinkMessage,
  LineLinkSchema,
  MAX_LINE_LINKS_PER_RECEPTION,
} from "@pharmacy/contract/line/line";
import { makeLineUserId, textMessageEvent } from "@pharmacy/test-support/line-platform";
import { makeAccount, openPublicPage } from "./helpers/factories.js";
import {
  connect,
  eventsFor,
  lineServerPerFile,
  linkCode,
  linkUser,
  markReady,
  nowOf,
  waitFor,
  webhook,
  webReception,
} from "./helpers/line.js";
import { sendWebReception } from "./helpers/web-reception.js";

const context = lineServerPerFile();

describe("linking a patient", () => {
  it("the status page offers LINE; the prefilled code links the sender, who is told the reception number", async () => {
    const { server, platform } = context;
    const reception = await webReception(context);
    const offer = await server.api.get(`/api/public/reception/${reception.statusToken}/line_link`);
    expect(offer.body).toEqual({ available: true, linked: false });
    const { reply } = await linkUser(context, reception.statusToken);
    expect(reply).toBe(`受付番号 ${reception.receptionNumber} のお知らせをLINEでお送りします`);
    expect((await server.api.get(`/api/public/reception/${reception.statusToken}/line_link`)).body).toEqual({
      available: true,
      linked: true,
    });
    expect(platform.problems).toEqual([]);
  });

  it("a code links one LINE user only: a second sender of it is refused", async () => {
    const { server, platform } = context;
    const reception = await webReception(context);
    const { code } = await linkUser(context, reception.statusToken);
    const intruder = makeLineUserId();
    const event = textMessageEvent(intruder, lineLinkMessage(code), nowOf(context));
    expect((await webhook(context, eventsFor(context, event))).status).toBe(200);
    const reply = await platform.until(() =>
      platform.replies.find((candidate) => candidate.replyToken === event.replyToken),
    );
    expect(reply.text).toContain("このコードは使えません");
    expect(
      await server.database.db
        .selectFrom("line_links")
        .select("line_user_id")
        .where("line_user_id", "=", intruder)
        .execute(),
    ).toEqual([]);
  });

  it("a code of another branch, a made-up one, or one past the notices' end links no one", async () => {
    const { server, platform, otherLine } = context;
    const reception = await webReception(context);
    const code = await linkCode(context, reception.statusToken);
    // another branch's live code, sent to this branch's account
    const other = await makeAccount(server);
    const otherSlug = await openPublicPage(server, other);
    expect(
      (
        await connect(
          context,
          {
            channelSecret: otherLine.channelSecret,
            channelAccessToken: otherLine.accessToken,
            basicId: otherLine.basicId,
          },
          other.idToken,
        )
      ).status,
    ).toBe(200);
    const otherSent = await sendWebReception(server.api, otherSlug);
    const otherLink = LineLinkSchema.parse(
      (await server.api.post(`/api/public/reception/${otherSent.body.statusToken}/line_link`, undefined)).body,
    );
    const otherCode = LINE_CODE_PATTERN.exec(decodeURIComponent(otherLink.url))![0];
    const refused = async (event: ReturnType<typeof textMessageEvent>) => {
      expect((await webhook(context, eventsFor(context, event))).status).toBe(200);
      expect(
        (await platform.until(() => platform.replies.find((reply) => reply.replyToken === event.replyToken))).text,
      ).toContain("このコードは使えません");
    };
    await refused(textMessageEvent(makeLineUserId(), lineLinkMessage(otherCode), nowOf(context)));
    await refused(textMessageEvent(makeLineUserId(), lineLinkMessage("ABCD-EFGH"), nowOf(context)));
    // the notices of a reception end 14 days after its pickup day (docs/rules.md#across-days): so does its code
    server.clock.advance(16 * DAY_MS);
    try {
      // the notices' sweep deletes the expired code (and the reception's links) from the table
      await waitFor(async () => {
        const left = await server.database.db
          .selectFrom("line_link_codes")
          .select("code_hash")
          .where("reception_id", "=", reception.id)
          .execute();
        return left.length === 0 ? true : undefined;
      });
      await refused(textMessageEvent(makeLineUserId(), lineLinkMessage(code), nowOf(context)));
    } finally {
      server.clock.advance(-16 * DAY_MS);
    }
  });

  it(`at most ${MAX_LINE_LINKS_PER_RECEPTION} LINE users per reception`, async () => {
    const reception = await webReception(context);
    for (let i = 0; i < MAX_LINE_LINKS_PER_RECEPTION; i++) await linkUser(context, reception.statusToken);
    const { reply } = await linkUser(context, reception.statusToken);
    expect(reply).toContain("これ以上LINEを連携できません");
  });

  it("an unknown status link is 404, a handed-over reception is offered nothing", async () => {
    const { server, account } = context;
    expect((await server.api.post(`/api/public/reception/${"x".repeat(30)}/line_link`, undefined)).status).toBe(404);
    const reception = await webReception(context);
    await markReady(context, reception.id);
    await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, account.idToken);
    expect((await server.api.get(`/api/public/reception/${reception.statusToken}/line_link`)).body).toEqual({
      available: false,
      linked: false,
    });
    expect((await server.api.post(`/api/public/reception/${reception.statusToken}/line_link`, undefined)).status).toBe(
      409,
    );
  });
});
