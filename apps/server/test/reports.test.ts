import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { REPORT_CSV_HEADER, type DailyReport } from "@pharmacy/contract/reports/reports";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import {
  makeAccount,
  makeDevice,
  makePerson,
  openPublicPage,
  uploadFile,
  type TestAccount,
  type TestDevice,
} from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let admin: TestAccount;
let staff: TestAccount;
let counter: TestDevice;
let slug: string;

const as = (token: string) => ({
  get: (path: string) => server.api.get(path, token),
  post: (path: string, body?: unknown) => server.api.post(path, body, token),
  patch: (path: string, body: unknown) => server.api.request("PATCH", path, { body, token }),
  put: (path: string, body: unknown) => server.api.request("PUT", path, { body, token }),
  delete: (path: string) => server.api.request("DELETE", path, { token }),
});

/** Moves the server's clock to a time at the pharmacy (Asia/Tokyo); id tokens last an hour, so they are renewed. */
async function at(tokyo: string): Promise<void> {
  server.clock.set(new Date(`${tokyo.replace(" ", "T")}:00+09:00`));
  for (const holder of [admin, staff, counter].filter(Boolean)) {
    const refreshed = await server.api.post("/auth/refresh_token", {
      refreshToken: "deviceToken" in holder ? holder.deviceToken : holder.refreshToken,
    });
    expectStatus(refreshed, 200);
    holder.idToken = refreshed.body.idToken;
  }
}

function expectStatus(response: { status: number; text: string }, status: number): void {
  if (response.status !== status) throw new Error(`${response.status} ${response.text}`);
}

async function staffReception(answers: Record<string, string> = {}): Promise<string> {
  const created = await as(staff.idToken).post("/api/reception");
  expectStatus(created, 201);
  if (Object.keys(answers).length > 0)
    expectStatus(
      await as(staff.idToken).patch(`/api/reception/${created.body.id}`, { id: created.body.id, answers }),
      200,
    );
  return created.body.id as string;
}

async function counterReception(answers: Record<string, string>): Promise<string> {
  const created = await as(counter.idToken).post("/api/reception");
  expectStatus(created, 201);
  expectStatus(
    await as(counter.idToken).patch(`/api/reception/${created.body.id}`, { id: created.body.id, answers }),
    200,
  );
  return created.body.id as string;
}

/** A Web reception sent now; `day` is the business day it belongs to (the next opening's when sent while closed). */
async function webReception(receiveMethod: string, day?: string): Promise<string> {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod }));
  form.append("photoConsent", "true");
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  if (response.status !== 201) throw new Error(`web ${response.status} ${await response.text()}`);
  const { receptionNumber } = (await response.json()) as { receptionNumber: number };
  const list = await as(staff.idToken).get(day ? `/api/reception?date=${day}` : "/api/reception");
  return (list.body.receptions as { id: string; receptionNumber: number }[]).find(
    (r) => r.receptionNumber === receptionNumber,
  )!.id;
}

const setStatus = async (id: string, status: string) =>
  expectStatus(await as(staff.idToken).patch(`/api/reception/${id}`, { id, status }), 200);

/** The report, or the error's issues for a refused query. */
const report = (query: string, token = staff.idToken) =>
  server.api.get<DailyReport & { issues?: unknown[] }>(`/api/reports/daily?${query}`, token);

beforeAll(async () => {
  server = await startTestServer({ UNCONFIRMED_RECEPTION_MINUTES: "15", ABANDONED_SWEEP_SECONDS: "0.05" });
  await at("2026-06-01 08:00");
  admin = await makeAccount(server);
  staff = await makePerson(server, admin);
  counter = await makeDevice(server, admin, "counter");
  slug = await openPublicPage(server, admin);

  // the evening before the period: outside it
  await at("2026-06-02 23:59");
  await staffReception({ receiveMethod: "Pharmacy" });

  // Wednesday 2026-06-03
  await at("2026-06-03 09:05");
  const a = await counterReception({ receiveMethod: "Pharmacy" });
  await at("2026-06-03 09:06");
  expectStatus(await as(counter.idToken).post(`/api/reception/${a}/confirm`), 200);
  await at("2026-06-03 09:16");
  await setStatus(a, "Completed"); // waited 10 minutes

  await at("2026-06-03 09:20");
  const b = await webReception("Locker");
  await at("2026-06-03 09:25");
  expectStatus(await as(staff.idToken).post(`/api/reception/${b}/photo_request`, { reason: "Blurry" }), 200);
  await at("2026-06-03 09:50");
  await setStatus(b, "Completed"); // 30 minutes

  // split in two: one patient, ready when the second half is (20 minutes)
  await at("2026-06-03 10:10");
  const c = await staffReception({ receiveMethod: "Delivery" });
  for (let i = 0; i < 2; i++)
    expect((await uploadFile(server, staff, JPEG_BYTES, { receptionId: c })).status).toBe(201);
  const prescriptions = (await as(staff.idToken).get(`/api/reception/${c}`)).body.prescriptions as {
    prescriptionId: string;
  }[];
  const moved = await as(staff.idToken).put(`/api/reception/${c}/prescription/${prescriptions[1]!.prescriptionId}`, {
    partitionNumber: 2,
  });
  expectStatus(moved, 200);
  await at("2026-06-03 10:20");
  await setStatus(c, "Completed");
  await at("2026-06-03 10:30");
  await setStatus(moved.body.id, "Completed");

  // a kiosk reset, and a patient who walked away: both abandoned
  await at("2026-06-03 14:00");
  const reset = await counterReception({ receiveMethod: "Pharmacy" });
  expectStatus(await as(counter.idToken).delete(`/api/reception/${reset}`), 204);
  await at("2026-06-03 14:05");
  const walkedAway = await counterReception({ receiveMethod: "Locker" });
  await at("2026-06-03 14:25");
  await vi.waitFor(async () => expect((await as(staff.idToken).get(`/api/reception/${walkedAway}`)).status).toBe(404), {
    timeout: 10_000,
  });

  // still being prepared: counted, no wait
  await at("2026-06-03 14:30");
  const d = await staffReception({ receiveMethod: "ReturnVisit" });
  await setStatus(d, "Dispensing");

  // a mistake deleted by staff: not a reception at all
  await at("2026-06-03 15:00");
  expectStatus(await as(staff.idToken).delete(`/api/reception/${await staffReception()}`), 204);

  // Friday 2026-06-05, just before midnight, no receive method answered
  await at("2026-06-05 23:30");
  const late = await staffReception();
  await at("2026-06-05 23:45");
  await setStatus(late, "Completed");

  // another branch's receptions in the same days are never in this one's report
  await at("2026-06-03 09:00");
  const other = await makeAccount(server);
  expectStatus(await server.api.post("/api/reception", undefined, other.idToken), 201);
});
afterAll(() => server.close());

const zeroChannels = { Paper: 0, Web: 0 };
const zeroMethods = { Pharmacy: 0, Locker: 0, Delivery: 0, ReturnVisit: 0 };

describe("GET /api/reports/daily (docs/rules.md#reports)", () => {
  it("counts each day's receptions, their mix, the wait from confirmation to 完了, abandoned receptions and photo requests", async () => {
    const response = await report("from=2026-06-03&to=2026-06-05");
    expect(response.status).toBe(200);
    expect(response.body.days).toEqual([
      {
        date: "2026-06-03",
        total: 4,
        byChannel: { Paper: 3, Web: 1 },
        byReceiveMethod: { Pharmacy: 1, Locker: 1, Delivery: 1, ReturnVisit: 1 },
        // waits 10, 20, 30: p90 interpolates between the 2nd and 3rd (percentile_cont)
        waitMedianMinutes: 20,
        waitP90Minutes: 28,
        abandoned: 2,
        photoRequests: 1,
      },
      {
        date: "2026-06-04",
        total: 0,
        byChannel: zeroChannels,
        byReceiveMethod: zeroMethods,
        abandoned: 0,
        photoRequests: 0,
      },
      {
        date: "2026-06-05",
        total: 1,
        byChannel: { Paper: 1, Web: 0 },
        byReceiveMethod: zeroMethods,
        waitMedianMinutes: 15,
        waitP90Minutes: 15,
        abandoned: 0,
        photoRequests: 0,
      },
    ]);
  });

  it("counts receptions by the hour they were made at the pharmacy, over the whole period", async () => {
    const { body } = await report("from=2026-06-03&to=2026-06-05");
    expect(body.hours).toHaveLength(24);
    expect(body.hours.map((row) => row.hour)).toEqual([...Array(24).keys()]);
    expect(body.hours.filter((row) => row.total > 0)).toEqual([
      { hour: 9, total: 2 },
      { hour: 10, total: 1 },
      { hour: 14, total: 1 },
      { hour: 23, total: 1 },
    ]);
  });

  it("lists every day of a period without receptions, with zeros and no wait", async () => {
    const { status, body } = await report("from=2026-05-30&to=2026-06-01", admin.idToken);
    expect(status).toBe(200);
    expect(body.days.map((day) => day.date)).toEqual(["2026-05-30", "2026-05-31", "2026-06-01"]);
    for (const day of body.days)
      expect(day).toEqual({
        date: day.date,
        total: 0,
        byChannel: zeroChannels,
        byReceiveMethod: zeroMethods,
        abandoned: 0,
        photoRequests: 0,
      });
    expect(body.hours.every((row) => row.total === 0)).toBe(true);
  });

  it("takes one day, and a whole leap year (366 days)", async () => {
    const one = await report("from=2026-06-02&to=2026-06-02");
    expect(one.body.days).toEqual([
      {
        date: "2026-06-02",
        total: 1,
        byChannel: { Paper: 1, Web: 0 },
        byReceiveMethod: { ...zeroMethods, Pharmacy: 1 },
        abandoned: 0,
        photoRequests: 0,
      },
    ]);
    const year = await report("from=2028-01-01&to=2028-12-31");
    expect(year.status).toBe(200);
    expect(year.body.days).toHaveLength(366);
    expect(year.body.days.at(-1)!.date).toBe("2028-12-31");
  });

  it.each([
    ["from=2026-06-05&to=2026-06-03", ["to"], "開始日は終了日と同じか、それより前の日付にしてください"],
    ["from=2026-02-30&to=2026-03-01", ["from"], "存在しない日付です"],
    ["from=2026-13-01&to=2026-06-03", ["from"], "存在しない日付です"],
    ["from=2026/06/01&to=2026-06-03", ["from"], "日付はYYYY-MM-DDの形式で入力してください"],
    ["from=2026-06-01&to=2026-6-3", ["to"], "日付はYYYY-MM-DDの形式で入力してください"],
    ["from=2026-01-01&to=2027-01-02", ["to"], "期間は366日以内で指定してください"],
  ])("refuses %s with the contract's message", async (query, path, message) => {
    const response = await report(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: expect.any(String),
      issues: [expect.objectContaining({ path, message })],
    });
  });

  it.each([
    "",
    "from=2026-06-01",
    "to=2026-06-01",
    "from=2026-06-01&to=2026-06-03&channel=Web",
    "from=2026-06-01&from=2026-06-02&to=2026-06-03",
    "from=&to=",
  ])("refuses the query %j", async (query) => {
    const response = await report(query);
    expect(response.status).toBe(400);
    expect(response.body.issues?.length).toBeGreaterThan(0);
  });

  it("answers the counter and the display with 403", async () => {
    const display = await makeDevice(server, admin, "display");
    for (const token of [counter.idToken, display.idToken]) {
      for (const path of ["/api/reports/daily", "/api/reports/daily.csv"]) {
        const response = await server.api.get(`${path}?from=2026-06-03&to=2026-06-05`, token);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ errorCode: 1012, message: "この操作を行う権限がありません。" });
      }
    }
  });
});

describe("the wait of a Web reception sent while the branch was closed", () => {
  // Tuesday 2026-06-09 opens at 09:00 (the default hours): receptions sent overnight belong to it
  it("runs from the opening of its day, not from the evening or night it was sent, and on past midnight", async () => {
    await at("2026-06-08 22:30");
    const evening = await webReception("Pharmacy", "2026-06-09");
    // 02:00 in Tokyo is still 2026-06-08 in UTC
    await at("2026-06-09 02:00");
    const night = await webReception("Locker", "2026-06-09");
    await at("2026-06-09 09:20");
    await setStatus(evening, "Completed"); // 20 minutes after the opening
    await at("2026-06-09 09:30");
    await setStatus(night, "Completed"); // 30
    await at("2026-06-09 10:00");
    const counterOne = await counterReception({ receiveMethod: "Pharmacy" });
    expectStatus(await as(counter.idToken).post(`/api/reception/${counterOne}/confirm`), 200);
    await at("2026-06-09 10:40");
    await setStatus(counterOne, "Completed"); // 40
    await at("2026-06-09 17:50");
    const lastOne = await webReception("Pharmacy");
    await at("2026-06-10 00:10");
    await setStatus(lastOne, "Completed"); // sent while open: 380 minutes, across midnight

    const { body } = await report("from=2026-06-08&to=2026-06-10");
    expect(body.days.map((day) => [day.date, day.total, day.waitMedianMinutes, day.waitP90Minutes])).toEqual([
      ["2026-06-08", 0, undefined, undefined],
      // waits 20, 30, 40, 380 (counted from the evening and the night: 650, 450, 40, 380)
      ["2026-06-09", 4, 35, 278],
      ["2026-06-10", 0, undefined, undefined],
    ]);
  });
});

describe("GET /api/reports/daily.csv", () => {
  it("is the same days as UTF-8 with a BOM, CRLF lines and a Japanese header, with nothing Excel would run", async () => {
    const response = await fetch(`${server.baseUrl}/api/reports/daily.csv?from=2026-06-03&to=2026-06-05`, {
      headers: { authorization: `Bearer ${admin.idToken}`, "x-forwarded-for": server.api.clientIp },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="reports-2026-06-03_2026-06-05.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.split("\r\n")).toHaveLength(5); // header, 3 days, the final line break
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows).toEqual([
      [...REPORT_CSV_HEADER],
      ["2026-06-03", "4", "3", "1", "1", "1", "1", "1", "20", "28", "2", "1"],
      ["2026-06-04", "0", "0", "0", "0", "0", "0", "0", "", "", "0", "0"],
      ["2026-06-05", "1", "1", "0", "0", "0", "0", "0", "15", "15", "0", "0"],
    ]);
    expect(rows[0]).toEqual([
      "日付",
      "受付数",
      "受付数（店頭）",
      "受付数（Web）",
      "受け取り（店内で待つ）",
      "受け取り（ロッカー）",
      "受け取り（配送）",
      "受け取り（後で取りに来る）",
      "待ち時間 中央値（分）",
      "待ち時間 90パーセンタイル（分）",
      "中断された受付",
      "写真の再送依頼",
    ]);
    expect(rows.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it("refuses a bad period as the JSON report does", async () => {
    const response = await server.api.get("/api/reports/daily.csv?from=2026-06-05&to=2026-06-03", staff.idToken);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      expect.objectContaining({ path: ["to"], message: "開始日は終了日と同じか、それより前の日付にしてください" }),
    ]);
  });
});
