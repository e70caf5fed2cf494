import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardNumberText, type BoardNumber } from "@pharmacy/contract/display/display";
import type { BoardFrame } from "@pharmacy/contract/live/realtime";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { decodeMailText, outboxMails } from "@pharmacy/test-support/mail";
import { connectLive } from "@pharmacy/test-support/ws-client";
import {
  makeAccount,
  makeReception,
  openPublicPage,
  uniqueEmail,
  uploadFile,
  type TestAccount,
} from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { sendWebReception } from "./helpers/web-reception.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeBrowserKeys } from "@pharmacy/test-support/push-service";

/**
 * docs/rules.md#across-days across midnight, with the server's ManualClock. The branch keeps the default hours (weekdays
 * 9–13 and 14–18 JST): 2026-11-26 is a Thursday, 11-27 a Friday.
 */
const ctx = {} as { server: TestServer };
beforeAll(async () => {
  // push.invalid never resolves: these tests look at what is kept and mailed; visitor-push.test.ts sends real pushes
  ctx.server = await startTestServer({
    PUSH_SERVICE_HOSTS: "push.invalid,*.push.invalid",
    VISITOR_NOTICE_SWEEP_SECONDS: "0.05",
  });
});
afterAll(() => ctx.server.close());
const api = () => ctx.server.api;

/** The branch of the running test, whose id token is renewed whenever the clock moves (it lasts an hour). */
let current: TestAccount | undefined;

/** Sets the server's clock to a JST wall-clock time. */
async function at(jst: string): Promise<void> {
  ctx.server.clock.set(new Date(`${jst}+09:00`));
  if (!current) return;
  const refreshed = await api().post("/auth/refresh_token", { refreshToken: current.refreshToken });
  expect(refreshed.status).toBe(200);
  current.idToken = refreshed.body.idToken;
}

/** A fresh branch per test: each test's numbers and lists are its own. */
async function branch(): Promise<{ account: TestAccount; slug: string }> {
  const account = await makeAccount(ctx.server);
  current = account;
  return { account, slug: await openPublicPage(ctx.server, account) };
}

const patch = (account: TestAccount, id: string, body: Record<string, unknown>) =>
  api().request("PATCH", `/api/reception/${id}`, { body: { id, ...body }, token: account.idToken });
const post = (account: TestAccount, path: string, body?: unknown) => api().post(path, body, account.idToken);

async function list(
  account: TestAccount,
  query = "",
): Promise<{ receptions: Reception[]; carried: Reception[]; total: number }> {
  const response = await api().get(`/api/reception${query}`, account.idToken);
  expect(response.status).toBe(200);
  return response.body;
}

const labels = (receptions: Reception[]) =>
  receptions.map((r) => `${r.receptionDate}#${r.receptionNumber}-${r.partitionNumber}`);

describe("the day a web reception belongs to", () => {
  it("sent while closed, it takes the next opening's day and that day's first numbers; the morning's counter ones follow", async () => {
    const { account, slug } = await branch();
    await at("2026-11-26T17:00:00");
    const open = await sendWebReception(api(), slug);
    expect(open.body).toMatchObject({ receptionNumber: 1, receptionDate: "2026-11-26" });
    await at("2026-11-26T22:30:00");
    const night = [await sendWebReception(api(), slug), await sendWebReception(api(), slug)];
    expect(night.map((sent) => [sent.status, sent.body.receptionDate, sent.body.receptionNumber])).toEqual([
      [201, "2026-11-27", 1],
      [201, "2026-11-27", 2],
    ]);
    // a counter reception made at night still belongs to its own day
    expect((await makeReception(ctx.server, account)).receptionDate).toBe("2026-11-26");
    expect((await list(account)).receptions.map((r) => r.receptionNumber)).toEqual([2, 1]);

    await at("2026-11-27T09:05:00");
    const morning = await makeReception(ctx.server, account);
    expect([morning.receptionDate, morning.receptionNumber]).toEqual(["2026-11-27", 3]);
    const today = await list(account);
    expect(today.receptions.map((r) => [r.receptionNumber, r.channel])).toEqual([
      [3, "Paper"],
      [2, "Web"],
      [1, "Web"],
    ]);
    // the visitor's status link names its day and number
    const status = await api().get(`/api/public/reception/${night[0]!.body.statusToken}`);
    expect(status.body).toMatchObject({ receptionNumber: 1, receptionDate: "2026-11-27" });
  });

  it("a Saturday evening's reception belongs to Monday (closed Sunday)", async () => {
    const { slug } = await branch();
    await at("2026-11-28T15:00:00");
    expect((await sendWebReception(api(), slug)).body).toMatchObject({
      receptionDate: "2026-11-30",
      receptionNumber: 1,
    });
  });

  it("a later day's reception opened before its day stays 未確認; opened on its day it becomes 確認中", async () => {
    const { account, slug } = await branch();
    await at("2026-11-26T22:30:00");
    const sent = await sendWebReception(api(), slug);
    const id = (await list(account, "?date=2026-11-27")).receptions[0]!.id;
    expect((await post(account, `/api/reception/${id}/open`)).body.status).toBeNull();
    await at("2026-11-27T09:01:00");
    expect((await post(account, `/api/reception/${id}/open`)).body.status).toBe("Reviewing");
    expect(sent.status).toBe(201);
  });

  it("the printed ticket of a reception of another day says its day", async () => {
    const { account, slug } = await branch();
    await at("2026-11-26T22:30:00");
    await sendWebReception(api(), slug);
    const id = (await list(account, "?date=2026-11-27")).receptions[0]!.id;
    const ticket = await api().request("GET", `/api/reception/${id}/preview`, { token: account.idToken });
    expect(ticket.text).toContain("11月27日（金）の受付番号");
    await at("2026-11-27T09:01:00");
    expect((await api().request("GET", `/api/reception/${id}/preview`, { token: account.idToken })).text).not.toContain(
      "11月27日（金）の",
    );
  });
});

describe("today's list carries earlier receptions (持ち越し)", () => {
  /** Tuesday's receptions in every state, then the lists of the following days. */
  async function tuesday(account: TestAccount) {
    await at("2026-11-24T10:00:00");
    const unfinished = await makeReception(ctx.server, account);
    const ready = await makeReception(ctx.server, account);
    const returning = await makeReception(ctx.server, account);
    const handedOver = await makeReception(ctx.server, account);
    const deleted = await makeReception(ctx.server, account);
    await patch(account, unfinished.id, { status: "Dispensing" });
    await patch(account, ready.id, { status: "Completed" });
    const answers = await patch(account, returning.id, {
      status: "Completed",
      answers: { receiveMethod: "ReturnVisit", returnDate: "2026-11-26", returnTimePeriod: "09:00-13:00" },
    });
    expect(answers.status).toBe(200);
    await patch(account, handedOver.id, { status: "Completed" });
    expect((await post(account, `/api/reception/${handedOver.id}/hand_over`)).status).toBe(200);
    expect((await api().request("DELETE", `/api/reception/${deleted.id}`, { token: account.idToken })).status).toBe(
      204,
    );
    return { unfinished, ready, returning };
  }

  it("carries the unfinished and the ready-from-their-pickup-day, oldest day first then number desc, and follows the clock across midnight", async () => {
    const { account } = await branch();
    const { unfinished, ready, returning } = await tuesday(account);
    expect((await list(account)).carried).toEqual([]);

    await at("2026-11-25T23:59:00");
    const wednesday = await list(account);
    expect(wednesday.receptions).toEqual([]);
    expect(labels(wednesday.carried)).toEqual([
      `2026-11-24#${ready.receptionNumber}-0`,
      `2026-11-24#${unfinished.receptionNumber}-0`,
    ]);
    await at("2026-11-25T23:59:30");
    await list(account); // the cached list, read again before midnight

    // no reception changed: only the day did, and the return visit's day has come
    await at("2026-11-26T00:00:01");
    const thursday = await list(account);
    expect(labels(thursday.carried)).toEqual([
      `2026-11-24#${returning.receptionNumber}-0`,
      `2026-11-24#${ready.receptionNumber}-0`,
      `2026-11-24#${unfinished.receptionNumber}-0`,
    ]);
    const today = await makeReception(ctx.server, account);
    const withToday = await list(account);
    expect(withToday.receptions.map((r) => r.id)).toEqual([today.id]);
    expect(withToday.total).toBe(1);
    expect(withToday.carried).toHaveLength(3);

    // filters apply to the carried rows too; a past day's list carries nothing
    expect(labels((await list(account, "?status=Completed")).carried)).toEqual([
      `2026-11-24#${returning.receptionNumber}-0`,
      `2026-11-24#${ready.receptionNumber}-0`,
    ]);
    expect((await list(account, "?status=Completed")).receptions).toEqual([]);
    expect((await list(account, "?channel=Web")).carried).toEqual([]);
    expect((await list(account, "?date=2026-11-24")).carried).toEqual([]);
    expect((await list(account, "?date=2026-11-26")).carried).toHaveLength(3);
    // the carried rows are all there whatever the page
    expect((await list(account, "?pageSize=1&page=5")).carried).toHaveLength(3);
  });

  it("a change to a carried reception reaches the cached list at once", async () => {
    const { account } = await branch();
    const { unfinished, ready } = await tuesday(account);
    await at("2026-11-27T10:00:00");
    expect((await list(account)).carried.map((r) => r.id)).toContain(unfinished.id);
    await patch(account, unfinished.id, { status: "Completed" });
    expect((await list(account)).carried.find((r) => r.id === unfinished.id)?.status).toBe("Completed");
    expect((await post(account, `/api/reception/${ready.id}/hand_over`)).status).toBe(200);
    expect((await list(account)).carried.map((r) => r.id)).not.toContain(ready.id);
    await api().request("DELETE", `/api/reception/${unfinished.id}`, { token: account.idToken });
    expect((await list(account)).carried.map((r) => r.id)).not.toContain(unfinished.id);
  });

  it("every action works on a carried reception: edit, status, call, hand over, split, photo request, delete", async () => {
    const { account, slug } = await branch();
    await at("2026-11-26T17:30:00");
    const sent = await sendWebReception(api(), slug);
    const id = (await list(account)).receptions[0]!.id;
    const second = await uploadFile(ctx.server, account, JPEG_BYTES, { receptionId: id });
    expect(second.status).toBe(201);

    await at("2026-11-27T09:30:00");
    expect((await list(account)).carried.map((r) => r.id)).toEqual([id]);
    expect((await patch(account, id, { patientName: "サトウ ハナコ", status: "Dispensing" })).body).toMatchObject({
      patientName: "サトウ ハナコ",
      status: "Dispensing",
      receptionDate: "2026-11-26",
    });
    const asked = await post(account, `/api/reception/${id}/photo_request`, { reason: "Blurry" });
    expect(asked.status).toBe(200);
    // split: the new partition keeps the reception's own day and number
    const split = await api().request(
      "PUT",
      `/api/reception/${id}/prescription/${second.body.prescription.prescriptionId}`,
      { body: { partitionNumber: 2 }, token: account.idToken },
    );
    expect(split.status).toBe(200);
    const carried = (await list(account)).carried;
    expect(labels(carried)).toEqual([
      `2026-11-26#${sent.body.receptionNumber}-1`,
      `2026-11-26#${sent.body.receptionNumber}-2`,
    ]);
    expect((await list(account)).receptions).toEqual([]);
    expect((await list(account, "?date=2026-11-26")).receptions).toHaveLength(2);

    const [first, other] = carried;
    await patch(account, first!.id, { status: "Completed" });
    expect((await post(account, `/api/reception/${first!.id}/call`)).status).toBe(200);
    expect((await post(account, `/api/reception/${first!.id}/hand_over`)).status).toBe(200);
    expect((await api().request("DELETE", `/api/reception/${other!.id}`, { token: account.idToken })).status).toBe(204);
    expect((await list(account)).carried).toEqual([]);
  });
});

describe("GET /api/reception/pickups", () => {
  it("lists the receptions to collect on that day (return visits on their date, others on their own day), not handed over", async () => {
    const { account } = await branch();
    await at("2026-11-24T10:00:00");
    const returning = await makeReception(ctx.server, account);
    await patch(account, returning.id, {
      answers: { receiveMethod: "ReturnVisit", returnDate: "2026-11-26", returnTimePeriod: "14:00-18:00" },
    });
    const waiting = await makeReception(ctx.server, account);
    await patch(account, waiting.id, { answers: { receiveMethod: "Pharmacy" } });
    const pickups = async (query = "") => {
      const response = await api().get(`/api/reception/pickups${query}`, account.idToken);
      expect(response.status).toBe(200);
      return (response.body.receptions as Reception[]).map((r) => r.id);
    };
    expect(await pickups()).toEqual([waiting.id]);
    expect(await pickups("?date=2026-11-26")).toEqual([returning.id]);
    expect(await pickups("?date=2026-11-25")).toEqual([]);

    await at("2026-11-26T10:00:00");
    expect(await pickups()).toEqual([returning.id]);
    await patch(account, returning.id, { status: "Completed" });
    expect(await pickups()).toEqual([returning.id]);
    await post(account, `/api/reception/${returning.id}/hand_over`);
    expect(await pickups()).toEqual([]);
  });

  it("refuses a bad date and another branch's eyes", async () => {
    await at("2026-11-26T10:00:00");
    const other = await branch();
    const { account } = await branch();
    for (const query of ["?date=2026-13-01", "?date=tomorrow", "?date=", "?day=2026-11-26"]) {
      const response = await api().get(`/api/reception/pickups${query}`, account.idToken);
      expect(response.status, query).toBe(400);
    }
    await makeReception(ctx.server, account);
    expect((await api().get("/api/reception/pickups", other.account.idToken)).body).toEqual({ receptions: [] });
    expect((await api().get("/api/reception/pickups")).status).toBe(401);
  });
});

describe("the calling display across days", () => {
  const board = async (account: TestAccount) =>
    (await api().get("/api/display/board", account.idToken)).body as { preparing: BoardNumber[]; ready: BoardNumber[] };

  it("shows carried numbers with their day, and with the day written when today uses the number too; never two alike", async () => {
    const { account } = await branch();
    await at("2026-11-25T10:00:00");
    const wednesday = [await makeReception(ctx.server, account), await makeReception(ctx.server, account)];
    await patch(account, wednesday[0]!.id, { status: "Dispensing" });
    await patch(account, wednesday[1]!.id, { status: "Completed" });
    await at("2026-11-26T10:00:00");
    const thursday = await makeReception(ctx.server, account);
    await patch(account, thursday.id, { status: "Dispensing" });
    await at("2026-11-27T10:00:00");
    const friday = await makeReception(ctx.server, account);
    await patch(account, friday.id, { status: "Dispensing" });

    const { preparing, ready } = await board(account);
    expect(preparing).toEqual([
      { receptionNumber: 1, partitionNumber: 0, receptionDate: "2026-11-25", withDay: true },
      { receptionNumber: 1, partitionNumber: 0, receptionDate: "2026-11-26", withDay: true },
      { receptionNumber: 1, partitionNumber: 0, receptionDate: "2026-11-27" },
    ]);
    expect(ready).toEqual([{ receptionNumber: 2, partitionNumber: 0, receptionDate: "2026-11-25" }]);
    const texts = [...preparing, ...ready].map(boardNumberText);
    expect(texts).toEqual(["25日 1", "26日 1", "1", "2"]);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("a deleted number of today still counts as used; the called frame carries the day", async () => {
    const { account } = await branch();
    await at("2026-11-26T10:00:00");
    const yesterday = await makeReception(ctx.server, account);
    await patch(account, yesterday.id, { status: "Completed" });
    await at("2026-11-27T10:00:00");
    const today = await makeReception(ctx.server, account);
    await api().request("DELETE", `/api/reception/${today.id}`, { token: account.idToken });
    const live = await connectLive(ctx.server.baseUrl, {
      type: "auth",
      idToken: account.idToken,
      sessionId: crypto.randomUUID(),
      view: "board",
    });
    try {
      await live.next((frame) => frame.type === "auth.ok");
      expect((await post(account, `/api/reception/${yesterday.id}/call`)).status).toBe(200);
      const frame = (await live.next((frame) => frame.type === "board.updated" && "called" in frame)) as BoardFrame;
      expect(frame.called).toMatchObject({ receptionNumber: 1, receptionDate: "2026-11-26", withDay: true });
      expect(frame.board.ready).toEqual([
        expect.objectContaining({ receptionNumber: 1, receptionDate: "2026-11-26", withDay: true }),
      ]);
    } finally {
      live.close();
    }
  });
});

describe("notices live until hand-over", () => {
  const mailsTo = async (email: string, count: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mails = (await outboxMails(ctx.server.config.mail.outboxDir, email)).map(decodeMailText);
      if (mails.length >= count || Date.now() > deadline) return mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kept = async (table: "push_subscriptions" | "visitor_mail_addresses", receptionId: string) =>
    (
      await ctx.server.database.db
        .selectFrom(table)
        .select("expires_at")
        .where("reception_id", "=", receptionId)
        .execute()
    ).map((row) => row.expires_at.toISOString());

  it("a reception sent at night and finished the next morning mails the visitor; subscribing works the next day; hand-over deletes both", async () => {
    const { account, slug } = await branch();
    const email = uniqueEmail("visitor");
    await at("2026-11-26T17:50:00");
    const sent = await sendWebReception(api(), slug, { email });
    expect(sent.body.receptionDate).toBe("2026-11-26");
    const id = (await list(account)).receptions[0]!.id;
    // kept until 14 days after its pickup day (its own day), to the end of that day
    expect(await kept("visitor_mail_addresses", id)).toEqual(["2026-12-10T15:00:00.000Z"]);

    await at("2026-11-27T09:10:00");
    const subscribed = await api().post(
      `/api/public/reception/${sent.body.statusToken}/push_subscription`,
      makeBrowserKeys().subscription("https://fcm.push.invalid/send/next-morning"),
    );
    expect(subscribed.status).toBe(201);
    expect(subscribed.body.expiresAt).toBe("2026-12-10T15:00:00.000Z");
    expect((await patch(account, id, { status: "Completed" })).status).toBe(200);
    const [mail] = await mailsTo(email, 1);
    expect(mail).toContain(`11月26日(木)の受付番号 ${sent.body.receptionNumber}番のお薬の準備ができました。`);
    expect(mail).toContain("お薬をお渡しした時点で");

    expect((await post(account, `/api/reception/${id}/hand_over`)).status).toBe(200);
    expect(await kept("visitor_mail_addresses", id)).toEqual([]);
    expect(await kept("push_subscriptions", id)).toEqual([]);
    // the status link works as long as the reception exists
    await at("2026-12-20T10:00:00");
    expect((await api().get(`/api/public/reception/${sent.body.statusToken}`)).status).toBe(200);
  });

  it("a return visit keeps them until 14 days after its date; moving the date moves the limit; deleting the reception deletes them", async () => {
    const { account, slug } = await branch();
    const email = uniqueEmail("visitor");
    await at("2026-11-26T10:00:00");
    const sent = await sendWebReception(api(), slug, { email });
    const id = (await list(account)).receptions[0]!.id;
    await patch(account, id, {
      answers: {
        prescriptionType: "Paper",
        receiveMethod: "ReturnVisit",
        returnDate: "2026-11-30",
        returnTimePeriod: "09:00-13:00",
      },
    });
    expect(await kept("visitor_mail_addresses", id)).toEqual(["2026-12-14T15:00:00.000Z"]);
    expect(sent.status).toBe(201);
    await api().request("DELETE", `/api/reception/${id}`, { token: account.idToken });
    expect(await kept("visitor_mail_addresses", id)).toEqual([]);
  });

  it("a reception never handed over loses them after the limit (the sweep), and no more subscribing", async () => {
    const { account, slug } = await branch();
    await at("2026-11-26T10:00:00");
    const sent = await sendWebReception(api(), slug, { email: uniqueEmail("visitor") });
    const id = (await list(account)).receptions[0]!.id;
    await at("2026-12-11T00:00:01");
    const refused = await api().post(
      `/api/public/reception/${sent.body.statusToken}/push_subscription`,
      makeBrowserKeys().subscription("https://fcm.push.invalid/send/too-late"),
    );
    expect(refused.status).toBe(409);
    const deadline = Date.now() + 10_000;
    while ((await kept("visitor_mail_addresses", id)).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kept("visitor_mail_addresses", id)).toEqual([]);
  });
});

describe("reports across midnight", () => {
  it("count a reception on its own day and measure its wait across midnight (23:50 → 00:20 is 30 minutes)", async () => {
    const { account, slug } = await branch();
    await at("2026-11-26T22:30:00");
    expect((await sendWebReception(api(), slug)).body.receptionDate).toBe("2026-11-27");
    await at("2026-11-26T23:50:00");
    const late = await makeReception(ctx.server, account);
    await at("2026-11-27T00:20:00");
    await patch(account, late.id, { status: "Completed" });
    const report = await api().get("/api/reports/daily?from=2026-11-26&to=2026-11-27", account.idToken);
    expect(report.status).toBe(200);
    const days = report.body.days as {
      date: string;
      total: number;
      byChannel: Record<string, number>;
      waitMedianMinutes?: number;
    }[];
    expect(days.find((day) => day.date === "2026-11-26")).toMatchObject({
      total: 1,
      byChannel: { Paper: 1, Web: 0 },
      waitMedianMinutes: 30,
    });
    expect(days.find((day) => day.date === "2026-11-27")).toMatchObject({ total: 1, byChannel: { Paper: 0, Web: 1 } });
  });
});
