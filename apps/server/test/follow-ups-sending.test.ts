import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALWAYS_OPEN } from "@pharmacy/test-support/business-hours";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import {
  makeAccount,
  makeReception,
  openPublicPage,
  uniqueEmail,
  uploadFile,
  type TestAccount,
} from "./helpers/factories.js";
import { at, eventually, LINK_BASE, mailedFollowUpToken, mailTexts, statusOf } from "./helpers/follow-ups.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * docs/rules.md#continuity-of-care over days, on the test clock: a follow-up goes out on its day at the branch's opening time
 * (not at midnight, not before opening, not on a closed day), becomes no_answer 3 days after, and a
 * refill or split prescription's patient is reminded 3 days before the next window. A 24-hour branch's
 * follow-ups, sent by the same sweep, prove that a sweep has run when ours must still wait.
 */
let server: TestServer;
let branch: TestAccount;
let alwaysOpen: TestAccount;
let slug: string;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_BASE_URL: LINK_BASE, FOLLOW_UP_SWEEP_SECONDS: "0.05" });
  branch = await makeAccount(server);
  alwaysOpen = await makeAccount(server);
  slug = await openPublicPage(server, branch);
  expect(
    (await server.api.request("PUT", "/api/business_hours", { body: ALWAYS_OPEN, token: alwaysOpen.idToken })).status,
  ).toBe(200);
  await at(server, "2026-11-20T10:00:00", [branch, alwaysOpen]);
});
afterAll(() => server.close());

const api = () => server.api;
const moveTo = (jst: string) => at(server, jst, [branch, alwaysOpen]);

async function planMailed(account: TestAccount, body: Record<string, unknown>) {
  const reception = await makeReception(server, account);
  const email = uniqueEmail("patient");
  expect(
    (
      await api().request("PUT", `/api/reception/${reception.id}/care_contact`, {
        body: { email, consent: true },
        token: account.idToken,
      })
    ).status,
  ).toBe(200);
  const planned = await api().post(
    `/api/reception/${reception.id}/follow_ups`,
    { template: "general", channel: "email", ...body },
    account.idToken,
  );
  expect(planned.status).toBe(201);
  return { id: planned.body.id as string, email, receptionId: reception.id };
}

/** Two sweeps have run since now: the 24-hour branch's two follow-ups due today went out one after the other. */
async function twoSweepsRan(today: string): Promise<void> {
  for (let sweep = 0; sweep < 2; sweep++) {
    const { email } = await planMailed(alwaysOpen, { dueOn: today });
    await mailedFollowUpToken(server, email);
  }
}

describe("a follow-up over the days (test clock)", () => {
  const planned = {} as Record<"friday" | "sunday" | "byPhone", { id: string; email: string }>;
  let refill: { receptionId: string; email: string };
  let split: { receptionId: string };

  it("is planned a week ahead, by mail and by phone, and a refill and a split prescription are read", async () => {
    planned.friday = await planMailed(branch, { daysAfter: 7 });
    planned.sunday = await planMailed(branch, { dueOn: "2026-11-29" });
    const byPhone = await api().post(
      `/api/reception/${(await makeReception(server, branch)).id}/follow_ups`,
      { dueOn: "2026-11-27", template: "general", channel: "phone" },
      branch.idToken,
    );
    planned.byPhone = { id: byPhone.body.id as string, email: "" };
    expect((await api().get(`/api/follow_ups/${planned.friday.id}`, branch.idToken)).body.dueOn).toBe("2026-11-27");

    const refillReception = await makeReception(server, branch);
    await uploadFile(
      server,
      branch,
      await prescriptionPhoto(samplePrescriptionPayload({ issuedOn: "20261120", refillUses: 3 })),
      { receptionId: refillReception.id },
    );
    refill = { receptionId: refillReception.id, email: uniqueEmail("refill") };
    await api().request("PUT", `/api/reception/${refillReception.id}/care_contact`, {
      body: { email: refill.email, consent: true },
      token: branch.idToken,
    });
    const splitReception = await makeReception(server, branch);
    await uploadFile(
      server,
      branch,
      await prescriptionPhoto(
        samplePrescriptionPayload({
          issuedOn: "20261120",
          splitPart: { current: 1, total: 3 },
          splitDays: { days: 7, totalDays: 21 },
        }),
      ),
      { receptionId: splitReception.id },
    );
    split = { receptionId: splitReception.id };

    const list = await api().get("/api/next_dispensings?from=2026-11-20&to=2026-12-31", branch.idToken);
    expect(list.status).toBe(200);
    expect(list.body.nextDispensings).toEqual([
      expect.objectContaining({
        receptionId: refill.receptionId,
        kind: "refill",
        institutionName: "日薬クリニック",
        runsOutOn: "2026-12-04",
        from: "2026-11-27",
        to: "2026-12-11",
        totalUses: 3,
        reminder: { status: "scheduled", remindOn: "2026-11-24" },
      }),
      expect.objectContaining({
        receptionId: split.receptionId,
        kind: "split",
        dispensedOn: "2026-11-20",
        runsOutOn: "2026-11-27",
        from: "2026-11-27",
        to: "2026-11-27",
        part: { current: 1, total: 3 },
        reminder: { status: "none", remindOn: "2026-11-24" },
      }),
    ]);
    expect(
      (await api().get("/api/next_dispensings?from=2026-12-12&to=2026-12-31", branch.idToken)).body.nextDispensings,
    ).toEqual([]);
    const otherBranch = await api().get("/api/next_dispensings?from=2026-11-20", alwaysOpen.idToken);
    expect(otherBranch.body, otherBranch.text).toEqual({ nextDispensings: [] });
    expect((await api().get("/api/next_dispensings?from=yesterday", branch.idToken)).status).toBe(400);
  });

  it("reminds the refill patient 3 days before the window, at opening time, with the branch's web reception link", async () => {
    await moveTo("2026-11-24T08:30:00");
    await twoSweepsRan("2026-11-24");
    expect(await mailTexts(server, refill.email)).toEqual([]);
    await moveTo("2026-11-24T09:00:00");
    const mails = await eventually(
      () => mailTexts(server, refill.email),
      (texts) => texts.length > 0,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("次回のお薬（11月27日〜12月11日）の受付ができます");
    expect(mails[0]).toContain(`${LINK_BASE}/web/${slug}?repeat=1`);
    const item = (await api().get("/api/next_dispensings?from=2026-11-24", branch.idToken)).body.nextDispensings.find(
      (row: { receptionId: string }) => row.receptionId === refill.receptionId,
    );
    expect(item.reminder.status).toBe("sent");
    await twoSweepsRan("2026-11-24");
    expect(await mailTexts(server, refill.email)).toHaveLength(1);
  });

  it("is not sent at midnight of its day, nor before opening; goes out at 09:00; a phone one is on the list without a message", async () => {
    await moveTo("2026-11-26T23:50:00");
    expect(
      (await api().get("/api/follow_ups", branch.idToken)).body.followUps.map((row: { id: string }) => row.id),
    ).not.toContain(planned.byPhone.id);
    await moveTo("2026-11-27T00:10:00");
    await twoSweepsRan("2026-11-27");
    await moveTo("2026-11-27T08:59:00");
    await twoSweepsRan("2026-11-27");
    expect(await statusOf(server, branch, planned.friday.id)).toBe("scheduled");
    expect(await mailTexts(server, planned.friday.email)).toEqual([]);
    await moveTo("2026-11-27T09:00:00");
    const token = await mailedFollowUpToken(server, planned.friday.email);
    expect(await statusOf(server, branch, planned.friday.id)).toBe("sent");
    const [mail] = await mailTexts(server, planned.friday.email);
    expect(mail).toContain(`${LINK_BASE}/web/follow-up/${token}`);
    expect(mail).not.toContain("ノルバスク");
    expect((await api().get(`/api/public/follow_up/${token}`)).status).toBe(200);
    const today = await api().get("/api/follow_ups", branch.idToken);
    expect(today.body.followUps.map((row: { id: string }) => row.id)).toEqual(
      expect.arrayContaining([planned.friday.id, planned.byPhone.id]),
    );
    expect(await statusOf(server, branch, planned.byPhone.id)).toBe("scheduled");
  });

  it("due on a closed Sunday, goes out at Monday's opening", async () => {
    await moveTo("2026-11-29T10:00:00");
    await twoSweepsRan("2026-11-29");
    expect(await statusOf(server, branch, planned.sunday.id)).toBe("scheduled");
    await moveTo("2026-11-30T09:00:00");
    await mailedFollowUpToken(server, planned.sunday.email);
    expect(await statusOf(server, branch, planned.sunday.id)).toBe("sent");
  });

  it("unanswered 3 days after it went out, becomes no_answer and an alert; a late answer still counts", async () => {
    expect(await statusOf(server, branch, planned.friday.id)).toBe("sent");
    await moveTo("2026-11-30T09:01:00");
    await eventually(
      () => statusOf(server, branch, planned.friday.id),
      (status) => status === "no_answer",
    );
    const row = (await api().get("/api/follow_ups", branch.idToken)).body.followUps.find(
      (item: { id: string }) => item.id === planned.friday.id,
    );
    expect(row).toMatchObject({ status: "no_answer", flags: ["noAnswer"] });
    expect(await statusOf(server, branch, planned.sunday.id)).toBe("sent");
    const token = await mailedFollowUpToken(server, planned.friday.email);
    expect(
      (
        await api().post(`/api/public/follow_up/${token}`, {
          answers: { condition: "same", sideEffects: [], missedDoses: "none", leftover: "no", callRequest: "no" },
        })
      ).status,
    ).toBe(200);
    expect(await statusOf(server, branch, planned.friday.id)).toBe("answered");
  });

  it("once the refill window has passed, the reminder closes and the contact is deleted (nothing else was planned)", async () => {
    expect(
      (await api().get(`/api/reception/${refill.receptionId}/care_contact`, branch.idToken)).body.contact.email,
    ).toBe(refill.email);
    await moveTo("2026-12-12T09:00:00");
    const gone = await eventually(
      () => api().get(`/api/reception/${refill.receptionId}/care_contact`, branch.idToken),
      (response) => response.body.contact === null,
    );
    expect(gone.body).toEqual({ contact: null });
    const audit = (await api().get("/api/audit?pageSize=500", branch.idToken)).body.rows as {
      action: string;
      actorType: string;
    }[];
    expect(audit.filter((row) => row.action === "refill_reminder.sent")).toHaveLength(1);
    expect(audit.some((row) => row.action === "care_contact.deleted" && row.actorType === "system")).toBe(true);
  });
});
