import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_REPORT_CSV_HEADER } from "@pharmacy/contract/organization/organization";
import { REPORT_CSV_HEADER, reportCsvCells, type ReportDay } from "@pharmacy/contract/reports/reports";
import { makeAccount, makePerson, type TestAccount } from "./helpers/factories.js";
import { addBranch } from "./helpers/organizations.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/** Names a spreadsheet would take for formulas or split into cells, unless the CSV escapes them. */
const MAIN_NAME = '=HYPERLINK("http://example.com","本店")';
const STATION_NAME = '+さくら薬局, "駅前"\n2号店';

let server: TestServer;
let owner: TestAccount;
let stationAdmin: TestAccount;
let stationId: string;
let otherOrgAdmin: TestAccount;

type Report = { from: string; to: string; branches: { id: string; name: string; days: ReportDay[] }[] };

/** Moves the server's clock to a time in Tokyo; id tokens last an hour, so they are renewed. */
async function at(tokyo: string): Promise<void> {
  server.clock.set(new Date(`${tokyo.replace(" ", "T")}:00+09:00`));
  for (const holder of [owner, stationAdmin, otherOrgAdmin]) {
    const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: holder.refreshToken });
    if (refreshed.status !== 200) throw new Error(`refresh ${refreshed.status} ${refreshed.text}`);
    holder.idToken = refreshed.body.idToken;
  }
}

async function reception(account: TestAccount): Promise<string> {
  const created = await server.api.post("/api/reception", undefined, account.idToken);
  if (created.status !== 201) throw new Error(`create ${created.status} ${created.text}`);
  return created.body.id as string;
}

async function complete(account: TestAccount, id: string): Promise<void> {
  const done = await server.api.request("PATCH", `/api/reception/${id}`, {
    body: { id, status: "Completed" },
    token: account.idToken,
  });
  if (done.status !== 200) throw new Error(`complete ${done.status} ${done.text}`);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await makeAccount(server);
  const renamed = await server.api.request("PATCH", "/api/pharmacy", {
    body: { name: MAIN_NAME },
    token: owner.idToken,
  });
  if (renamed.status !== 200) throw new Error(`rename ${renamed.status} ${renamed.text}`);
  const station = await addBranch(server, owner, STATION_NAME);
  stationAdmin = station.admin;
  stationId = station.branch.id;
  otherOrgAdmin = await makeAccount(server);

  // 2026-03-09 (Monday) late in the evening, then 00:30 on the 10th: 15:30 UTC, still the 9th in UTC
  await at("2026-03-09 23:50");
  await reception(owner);
  await at("2026-03-10 00:30");
  expect(server.clock.now().toISOString()).toBe("2026-03-09T15:30:00.000Z");
  await reception(owner);
  // the 10th at the station: one finished in 20 minutes, one still waiting; the main branch finishes one in 45
  await at("2026-03-10 10:00");
  const quick = await reception(stationAdmin);
  await reception(stationAdmin);
  const main = await reception(owner);
  await at("2026-03-10 10:20");
  await complete(stationAdmin, quick);
  await at("2026-03-10 10:45");
  await complete(owner, main);
  // another organisation's reception the same day
  await reception(otherOrgAdmin);

  // Wednesday the 11th: the station opens at 10:00, the main branch at 09:00 (the default hours); a
  // reception made at 08:30 in each and finished at 10:30 waited from its own branch's opening
  const hours = await server.api.request("PUT", "/api/business_hours", {
    body: {
      weekly: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, periods: [{ start: "10:00", end: "18:00" }] })),
      closedDates: [],
      openOnHolidays: false,
    },
    token: stationAdmin.idToken,
  });
  if (hours.status !== 200) throw new Error(`hours ${hours.status} ${hours.text}`);
  await at("2026-03-11 08:30");
  const early = [await reception(owner), await reception(stationAdmin)];
  await at("2026-03-11 10:30");
  await complete(owner, early[0]!);
  await complete(stationAdmin, early[1]!);
}, 600_000);
afterAll(() => server.close());

const QUERY = "from=2026-03-09&to=2026-03-11";

describe("the organisation's daily report", () => {
  it("gives each branch, oldest first, the very days of its own daily report", async () => {
    const response = await server.api.get(`/api/organization/reports/daily?${QUERY}`, owner.idToken);
    expect(response.status).toBe(200);
    const report = response.body as Report;
    expect(report.from).toBe("2026-03-09");
    expect(report.to).toBe("2026-03-11");
    expect(report.branches.map((branch) => [branch.id, branch.name])).toEqual([
      [owner.user.pharmacyId, MAIN_NAME],
      [stationId, STATION_NAME],
    ]);
    const [mainDays, stationDays] = report.branches.map((branch) => branch.days);
    // the reception at 00:30 in Tokyo (15:30 UTC the day before) is the 10th's; the one at 23:50 the 9th's
    expect(mainDays!.map((day) => [day.date, day.total])).toEqual([
      ["2026-03-09", 1],
      ["2026-03-10", 2],
      ["2026-03-11", 1],
    ]);
    expect(stationDays!.map((day) => [day.date, day.total])).toEqual([
      ["2026-03-09", 0],
      ["2026-03-10", 2],
      ["2026-03-11", 1],
    ]);
    // each branch's wait starts at its own opening
    expect(mainDays![2]).toMatchObject({ waitMedianMinutes: 90 });
    expect(stationDays![2]).toMatchObject({ waitMedianMinutes: 30 });
    expect(stationDays![1]).toMatchObject({ waitMedianMinutes: 20, waitP90Minutes: 20, byChannel: { Paper: 2 } });
    // the 00:30 one waited from its confirmation and was never finished: the 10th's wait is the 10:00 one's
    expect(mainDays![1]).toMatchObject({ waitMedianMinutes: 45, waitP90Minutes: 45 });

    const ownReport = async (account: TestAccount) =>
      (await server.api.get(`/api/reports/daily?${QUERY}`, account.idToken)).body.days as ReportDay[];
    expect(mainDays).toEqual(await ownReport(owner));
    expect(stationDays).toEqual(await ownReport(stationAdmin));
  });

  it("a CSV for Excel: BOM, a Japanese header, one line per branch and day, the names never a formula", async () => {
    const response = await fetch(`${server.baseUrl}/api/organization/reports/daily.csv?${QUERY}`, {
      headers: { authorization: `Bearer ${owner.idToken}`, "x-forwarded-for": server.api.clientIp },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="organization-reports-2026-03-09_2026-03-11.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = parse(text, { bom: true }) as string[][];
    expect(lines[0]).toEqual([...ORGANIZATION_REPORT_CSV_HEADER]);
    expect(lines[0]).toEqual(["店舗", ...REPORT_CSV_HEADER]);
    const report = (await server.api.get(`/api/organization/reports/daily?${QUERY}`, owner.idToken)).body as Report;
    // a name beginning with = or + is defused with an apostrophe; its comma, quote and line break stay in its cell
    expect(lines.slice(1)).toEqual(
      report.branches.flatMap((branch) => branch.days.map((day) => [`'${branch.name}`, ...reportCsvCells(day)])),
    );
    expect(lines).toHaveLength(1 + 2 * 3);
    expect(lines[5]![0]).toBe(`'${STATION_NAME}`);
    expect(lines[5]!.slice(1, 3)).toEqual(["2026-03-10", "2"]);
    expect(lines.flat().filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it("covers up to 366 days", async () => {
    const year = await server.api.get("/api/organization/reports/daily?from=2025-03-11&to=2026-03-11", owner.idToken);
    expect(year.status).toBe(200);
    expect((year.body as Report).branches.map((branch) => branch.days.length)).toEqual([366, 366]);
  });

  it.each([
    ["from after to", "from=2026-03-11&to=2026-03-10", "開始日は終了日と同じか、それより前の日付にしてください"],
    ["a date that does not exist", "from=2026-02-30&to=2026-03-10", "存在しない日付です"],
    ["month 13", "from=2026-01-01&to=2026-13-01", "存在しない日付です"],
    ["not a date", "from=yesterday&to=2026-03-10", "日付はYYYY-MM-DDの形式で入力してください"],
    ["more than 366 days", "from=2025-03-10&to=2026-03-11", "期間は366日以内で指定してください"],
    ["no from", "to=2026-03-10", undefined],
    ["nothing", "", undefined],
    ["an unknown parameter", `${QUERY}&branchId=${"0".repeat(8)}`, undefined],
    ["the same parameter twice", `${QUERY}&from=2026-03-01`, undefined],
  ])("answers 400 to %s, in JSON and CSV alike", async (_name, query, message) => {
    for (const path of ["/api/organization/reports/daily", "/api/organization/reports/daily.csv"]) {
      const response = await server.api.get(`${path}?${query}`, owner.idToken);
      expect(response.status).toBe(400);
      if (message) expect(response.text).toContain(message);
    }
  });

  it("another organisation's admin gets their own organisation's report, nothing of ours", async () => {
    for (const path of ["/api/organization/reports/daily", "/api/organization/reports/daily.csv"]) {
      const response = await server.api.get(`${path}?${QUERY}`, otherOrgAdmin.idToken);
      expect(response.status).toBe(200);
      for (const ours of [owner.user.pharmacyId, stationId, "本店", "駅前"]) expect(response.text).not.toContain(ours);
    }
    const report = (await server.api.get(`/api/organization/reports/daily?${QUERY}`, otherOrgAdmin.idToken))
      .body as Report;
    expect(report.branches.map((branch) => [branch.id, branch.days[1]!.total])).toEqual([
      [otherOrgAdmin.user.pharmacyId, 1],
    ]);
  });

  it("a branch's admin who is not the organisation's gets 403 1012", async () => {
    const branchAdmin = await makePerson(server, owner, "admin");
    for (const path of ["/api/organization/reports/daily", "/api/organization/reports/daily.csv"]) {
      const response = await server.api.get(`${path}?${QUERY}`, branchAdmin.idToken);
      expect(response.status).toBe(403);
      expect(response.body.errorCode).toBe(1012);
    }
  });
});
