import { describe, expect, it } from "vitest";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import { repeatReceptionPath } from "@pharmacy/contract/follow-ups/next-dispensing";
import { ALWAYS_OPEN } from "@pharmacy/test-support/business-hours";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { uploadFile } from "./helpers/factories.js";
import { at, eventually } from "./helpers/follow-ups.js";
import { lineServerPerFile, linkUser, markReady, PUBLIC_BASE_URL, pushesTo, webReception } from "./helpers/line.js";

/** A day as the patient's notices write it in Japanese (ICU's 「6月20日(土)」, half-width parentheses). */
const noticeMonthDay = (date: string) => formatMonthDay(date).replace("（", "(").replace("）", ")");

const context = lineServerPerFile();

/**
 * A patient who gives neither an e-mail nor keeps a push subscription, but linked the pharmacy's LINE:
 * with consent, the refill reminder and the follow-up's questionnaire reach them on LINE alone, on their
 * days (the test clock, over days).
 */
describe("a patient on LINE alone (no e-mail, no push)", () => {
  it("gets the refill reminder and the follow-up's questionnaire on LINE, each on its day", async () => {
    const { server, account, platform, slug } = context;
    const token = () => account.idToken;
    expect((await server.api.request("PUT", "/api/business_hours", { body: ALWAYS_OPEN, token: token() })).status).toBe(
      200,
    );
    const reception = await webReception(context);
    const { userId } = await linkUser(context, reception.statusToken);
    await uploadFile(
      server,
      account,
      await prescriptionPhoto(samplePrescriptionPayload({ issuedOn: "20260603", refillUses: 3 })),
      { receptionId: reception.id },
    );

    // consent at the counter with a phone number only: LINE is how the patient is reached
    const recorded = await server.api.request("PUT", `/api/reception/${reception.id}/care_contact`, {
      body: { phone: "09012345678", consent: true },
      token: token(),
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.contact).toMatchObject({ phone: "09012345678", push: false, line: true });
    expect(recorded.body.contact.email).toBeUndefined();
    for (const channel of ["email", "push"]) {
      expect(
        (
          await server.api.post(
            `/api/reception/${reception.id}/follow_ups`,
            { daysAfter: 7, template: "general", channel },
            token(),
          )
        ).status,
      ).toBe(409);
    }
    const planned = await server.api.post(
      `/api/reception/${reception.id}/follow_ups`,
      { daysAfter: 7, template: "general", channel: "line" },
      token(),
    );
    expect(planned.status).toBe(201);
    await markReady(context, reception.id);
    expect((await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, token())).status).toBe(200);

    const nextDispensing = async () =>
      (
        (await server.api.get(`/api/next_dispensings?from=2026-06-03`, token())).body.nextDispensings as {
          receptionId: string;
          from: string;
          reminder: { status: string; remindOn: string };
        }[]
      ).find((row) => row.receptionId === reception.id);
    const scheduled = await eventually(nextDispensing, (row) => row?.reminder.status === "scheduled");
    const remindOn = scheduled!.reminder.remindOn;
    const dueOn = planned.body.dueOn as string;
    expect(remindOn < dueOn).toBe(true);
    const { name } = (await server.api.get("/api/pharmacy", token())).body as { name: string };
    const isReminder = (text: string) => text.includes("次回のお薬のお受け取りの時期が近づいています");
    const isQuestionnaire = (text: string) => text.includes("/web/follow-up/");

    await at(server, `${remindOn}T12:00:00`, [account]);
    const reminder = await platform.until(() => pushesTo(context, userId).find((push) => isReminder(push.text)));
    expect(reminder.text).toBe(
      `【${name}】次回のお薬のお受け取りの時期が近づいています（${noticeMonthDay(scheduled!.from)}から）。次の受付はこちらから送れます。\n\n${PUBLIC_BASE_URL}${repeatReceptionPath(slug)}`,
    );
    expect((await nextDispensing())!.reminder.status).toBe("sent");
    expect(pushesTo(context, userId).some((push) => isQuestionnaire(push.text))).toBe(false);

    await at(server, `${dueOn}T12:00:00`, [account]);
    const questionnaire = await platform.until(() =>
      pushesTo(context, userId).find((push) => isQuestionnaire(push.text)),
    );
    expect(questionnaire.text).toMatch(
      new RegExp(
        `^【${name}】お薬をお使いになってから.*\\n\\n${PUBLIC_BASE_URL}/web/follow-up/[A-Za-z0-9_-]{20,64}$`,
        "s",
      ),
    );
    expect((await server.api.get(`/api/follow_ups/${planned.body.id}`, token())).body.status).toBe("sent");
    expect(pushesTo(context, userId).filter((push) => isReminder(push.text))).toHaveLength(1);
  });
});
