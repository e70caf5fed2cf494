import { describe, expect, it } from "vitest";
import { DAY_MS } from "@pharmacy/contract/calendar/business-calendar";
import {
  lineFeatureOver,
  lineServerPerFile,
  linkUser,
  markReady,
  nowOf,
  PUBLIC_BASE_URL,
  pushesTo,
  webReception,
} from "./helpers/line.js";

const context = lineServerPerFile();

async function handOver(id: string) {
  const { server, account } = context;
  await markReady(context, id);
  expect((await server.api.post(`/api/reception/${id}/hand_over`, undefined, account.idToken)).status).toBe(200);
}

/**
 * `LineNotices`' calls for the follow-ups feature (docs/rules.md#continuity-of-care), made directly: the same classes are built
 * over the test server's database and the stand-in, and the server's own dispatcher sends what they queue.
 */
describe("follow-up and refill messages (the follow-ups feature's calls)", () => {
  it("with consent the link outlives hand-over: a follow-up's questionnaire and a refill reminder reach the patient, until care ends", async () => {
    const { server, account, platform, slug } = context;
    const { unitOfWork, notices } = await lineFeatureOver(context);
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    expect(
      await unitOfWork.run((work) => notices.keepForCare(work, reception.id, new Date(nowOf(context) + 60 * DAY_MS))),
    ).toBe(1);
    await handOver(reception.id);
    const target = { pharmacyId: account.user.pharmacyId, receptionId: reception.id, patientLanguage: "ja" as const };
    const questionnaireUrl = `${PUBLIC_BASE_URL}/web/follow-up/${"f".repeat(32)}`;
    expect(await unitOfWork.run((work) => notices.followUpDue(work, { ...target, questionnaireUrl }))).toBe(1);
    const receptionUrl = `${PUBLIC_BASE_URL}/web/${slug}`;
    expect(
      await unitOfWork.run((work) =>
        notices.refillReminder(work, { ...target, windowOpensOn: "2026-06-20", receptionUrl }),
      ),
    ).toBe(1);
    const { name } = (await server.api.get("/api/pharmacy", account.idToken)).body as { name: string };
    const texts = await platform.until(() => {
      const after = pushesTo(context, userId)
        .map((push) => push.text)
        .filter((text) => !text.includes("お渡しできます"));
      return after.length >= 2 ? after : undefined;
    });
    // this test's dispatcher and the server's both send: the queue's order holds across them
    expect(texts).toEqual([
      `【${name}】お薬をお使いになってからの体調について、いくつかお伺いします。1分ほどで答えられます。\n\n${questionnaireUrl}`,
      `【${name}】次回のお薬のお受け取りの時期が近づいています（6月20日(土)から）。次の受付はこちらから送れます。\n\n${receptionUrl}`,
    ]);
    await unitOfWork.run((work) => notices.endCare(work, reception.id));
    expect(await unitOfWork.run((work) => notices.followUpDue(work, { ...target, questionnaireUrl }))).toBe(0);
  });

  it("without consent, hand-over ends the link and a follow-up reaches no one", async () => {
    const { account } = context;
    const { unitOfWork, notices } = await lineFeatureOver(context);
    const reception = await webReception(context);
    await linkUser(context, reception.statusToken);
    await handOver(reception.id);
    const questionnaireUrl = `${PUBLIC_BASE_URL}/web/follow-up/${"g".repeat(32)}`;
    expect(
      await unitOfWork.run((work) =>
        notices.followUpDue(work, {
          pharmacyId: account.user.pharmacyId,
          receptionId: reception.id,
          patientLanguage: "ja",
          questionnaireUrl,
        }),
      ),
    ).toBe(0);
  });
});

describe("follow-ups reach a linked patient on LINE too (issues 23 and 24, wired)", () => {
  it("staff record consent and plan 7日後 before hand-over: on its day the questionnaire goes to LINE beside the mail; withdrawn, the link is gone", async () => {
    const { server, account, platform } = context;
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    const token = account.idToken;
    expect(
      (
        await server.api.request("PUT", `/api/reception/${reception.id}/care_contact`, {
          body: { email: "patient@example.jp", consent: true },
          token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.api.post(
          `/api/reception/${reception.id}/follow_ups`,
          { daysAfter: 7, template: "general", channel: "email" },
          token,
        )
      ).status,
    ).toBe(201);
    await markReady(context, reception.id);
    expect((await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, token)).status).toBe(200);
    const before = pushesTo(context, userId).length;
    const { name } = (await server.api.get("/api/pharmacy", token)).body as { name: string };

    server.clock.set(new Date(nowOf(context) + 7 * DAY_MS));
    const questionnaire = await platform.until(() =>
      pushesTo(context, userId)
        .slice(before)
        .find((push) => push.text.includes("/web/follow-up/")),
    );
    expect(questionnaire.text).toMatch(
      new RegExp(
        `^【${name}】お薬をお使いになってから.*\\n\\n${PUBLIC_BASE_URL}/web/follow-up/[A-Za-z0-9_-]{20,64}$`,
        "s",
      ),
    );
    expect(questionnaire.text).not.toContain("ヤマダ");

    const again = (await server.api.post("/auth/sign_in", { email: account.email, password: account.password }))
      .body as { idToken: string };
    expect(
      (await server.api.request("DELETE", `/api/reception/${reception.id}/care_contact`, { token: again.idToken }))
        .status,
    ).toBe(204);
    const links = await server.database.db
      .selectFrom("line_links")
      .select("reception_id")
      .where("reception_id", "=", reception.id)
      .execute();
    expect(links).toEqual([]);
  });
});
