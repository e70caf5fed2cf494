import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_APP_SETTINGS, DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings/settings";
import { makeAccount, makeReception, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  [account, other] = [await makeAccount(server), await makeAccount(server)];
});
afterAll(() => server.close());

const call = (method: string, path: string, body?: unknown, who: TestAccount = account) =>
  server.api.request(method, path, { body, token: who.idToken });

const BRANCH = {
  name: "さくら薬局 駅前店",
  postalCode: "〒100-0001",
  address: "東京都千代田区千代田1-1",
  phone: "03-1234-5678",
  fax: "03-1234-5679",
  notice: "処方箋の写真を送ると待ち時間が短くなります。",
  webQuestionnaireUrl: "https://example.jp/monshin",
};

describe("branch information", () => {
  it("saves the branch's details, normalising the postal code, and reads them back", async () => {
    const saved = await call("PATCH", "/api/pharmacy", BRANCH);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...BRANCH, postalCode: "1000001", receptionStartNumber: 1 });
    expect(saved.body.publicSlug).toMatch(/^[a-z2-9]{10}$/);
    expect((await call("GET", "/api/pharmacy")).body).toEqual(saved.body);
  });

  it("clears optional fields with empty strings", async () => {
    const cleared = await call("PATCH", "/api/pharmacy", { fax: "", notice: "", webQuestionnaireUrl: "" });
    expect(cleared.body.fax).toBeUndefined();
    expect(cleared.body.webQuestionnaireUrl).toBeUndefined();
  });

  it.each([
    [{ postalCode: "12345" }, "postalCode"],
    [{ phone: "abc" }, "phone"],
    [{ name: "" }, "name"],
    [{ receptionStartNumber: 0 }, "receptionStartNumber"],
    [{ receptionStartNumber: 10000 }, "receptionStartNumber"],
    [{ receptionStartNumber: 1.5 }, "receptionStartNumber"],
    [{ webQuestionnaireUrl: "javascript:alert(1)" }, "webQuestionnaireUrl"],
    [{ webQuestionnaireUrl: "data:text/html,<script>" }, "webQuestionnaireUrl"],
    [{ webQuestionnaireUrl: "ftp://example.jp" }, "webQuestionnaireUrl"],
    [{ publicSlug: "mine" }, "publicSlug"],
  ])("refuses %j with a Japanese issue on %s and changes nothing", async (body, field) => {
    const before = (await call("GET", "/api/pharmacy")).body;
    const response = await call("PATCH", "/api/pharmacy", body);
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toEqual([field]);
    expect(response.body.issues[0].message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect((await call("GET", "/api/pharmacy")).body).toEqual(before);
  });

  it("keeps branches apart", async () => {
    await call("PATCH", "/api/pharmacy", { name: "別の薬局" }, other);
    expect((await call("GET", "/api/pharmacy")).body.name).toBe(BRANCH.name);
  });
});

describe("reception start number", () => {
  it("applies at once on a day without receptions, and from the next day once numbering began", async () => {
    const branch = await makeAccount(server);
    server.clock.set(new Date("2026-06-01T01:00:00Z"));
    const set = await call("PATCH", "/api/pharmacy", { receptionStartNumber: 500 }, branch);
    expect(set.body).toMatchObject({ receptionStartNumber: 500, receptionStartNumberFrom: "2026-06-01" });
    expect((await makeReception(server, branch)).receptionNumber).toBe(500);

    const changed = await call("PATCH", "/api/pharmacy", { receptionStartNumber: 1000 }, branch);
    expect(changed.body.receptionStartNumberFrom).toBe("2026-06-02");
    expect((await makeReception(server, branch)).receptionNumber).toBe(501);

    server.clock.set(new Date("2026-06-01T15:00:00Z"));
    expect((await call("GET", "/api/pharmacy", undefined, branch)).body.receptionStartNumberFrom).toBe("2026-06-02");
    expect((await makeReception(server, branch)).receptionNumber).toBe(1000);
  });
});

describe("public link", () => {
  it("issues a new slug and the old one stops working", async () => {
    await call("PATCH", "/api/pharmacy", { name: "さくら薬局", address: "東京都千代田区1-1", phone: "03-1234-5678" });
    const before = (await call("GET", "/api/pharmacy")).body.publicSlug;
    expect((await server.api.get(`/api/public/pharmacy/${before}`)).status).toBe(200);
    const rotated = await call("POST", "/api/pharmacy/public_slug");
    expect(rotated.status).toBe(200);
    expect(rotated.body.publicSlug).not.toBe(before);
    expect((await server.api.get(`/api/public/pharmacy/${before}`)).status).toBe(404);
    expect((await server.api.get(`/api/public/pharmacy/${rotated.body.publicSlug}`)).status).toBe(200);
  });
});

describe("app settings", () => {
  it("answers the defaults until saved, then what was saved", async () => {
    const fresh = await makeAccount(server);
    expect((await call("GET", "/api/app_settings", undefined, fresh)).body).toEqual(DEFAULT_APP_SETTINGS);
    // the branch keeps its own questions and ticket message rather than its organisation's
    const settings = {
      ...DEFAULT_APP_SETTINGS,
      ownQuestions: true,
      ownTicketMessage: true,
      enabledReceiveMethods: ["Pharmacy", "ReturnVisit"],
      autoPrintTicket: true,
      ticketMessage: "お大事にどうぞ。",
      questions: {
        reception: DEFAULT_APP_SETTINGS.questions.reception.map((q) =>
          q.key === "genericDrug" ? { ...q, enabled: false } : q,
        ),
        reserved: DEFAULT_APP_SETTINGS.questions.reserved.map((q, index, all) => ({ ...q, order: all.length - index })),
      },
    };
    const saved = await call("PUT", "/api/app_settings", settings, fresh);
    expect(saved.status).toBe(200);
    expect((await call("GET", "/api/app_settings", undefined, fresh)).body).toEqual(settings);
    expect((await call("GET", "/api/app_settings", undefined, other)).body).toEqual(DEFAULT_APP_SETTINGS);

    const reception = await makeReception(server, fresh);
    expect((await call("GET", `/api/reception/${reception.id}/preview`, undefined, fresh)).text).toContain(
      "お大事にどうぞ。",
    );
  });

  it.each([
    [{ enabledReceiveMethods: [] }, "enabledReceiveMethods"],
    [{ enabledReceiveMethods: ["Drone"] }, "enabledReceiveMethods"],
    [{ ticketMessage: "あ".repeat(201) }, "ticketMessage"],
    [{ ticketMessage: "   " }, "ticketMessage"],
    [
      {
        questions: {
          ...DEFAULT_APP_SETTINGS.questions,
          reserved: DEFAULT_APP_SETTINGS.questions.reserved.map((q) =>
            q.key === "prescriptionType" ? { ...q, enabled: false } : q,
          ),
        },
      },
      "questions",
    ],
    [{ autoPrintTicket: "yes" }, "autoPrintTicket"],
    [
      { questions: { reception: [{ key: "nope", enabled: true, required: false, order: 0 }], reserved: [] } },
      "questions",
    ],
    [
      {
        questions: {
          reception: [
            { key: "firstVisit", enabled: true, required: false, order: 0 },
            { key: "firstVisit", enabled: true, required: false, order: 1 },
          ],
          reserved: [],
        },
      },
      "questions",
    ],
  ])("refuses %j and changes nothing", async (change, field) => {
    const before = (await call("GET", "/api/app_settings")).body;
    const response = await call("PUT", "/api/app_settings", { ...DEFAULT_APP_SETTINGS, ...change });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path[0]).toBe(field);
    expect((await call("GET", "/api/app_settings")).body).toEqual(before);
  });
});

describe("business hours", () => {
  it("answers the defaults until saved, then the saved hours sorted", async () => {
    const fresh = await makeAccount(server);
    expect((await call("GET", "/api/business_hours", undefined, fresh)).body).toEqual(DEFAULT_BUSINESS_HOURS);
    const hours = {
      weekly: [
        {
          weekday: 3,
          periods: [
            { start: "14:00", end: "19:00" },
            { start: "09:00", end: "12:30" },
          ],
        },
        { weekday: 1, periods: [{ start: "09:00", end: "18:00" }] },
      ],
      closedDates: ["2026-12-31", "2026-12-30", "2026-12-31"],
    };
    const saved = await call("PUT", "/api/business_hours", hours, fresh);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      weekly: [
        { weekday: 1, periods: [{ start: "09:00", end: "18:00" }] },
        {
          weekday: 3,
          periods: [
            { start: "09:00", end: "12:30" },
            { start: "14:00", end: "19:00" },
          ],
        },
      ],
      closedDates: ["2026-12-30", "2026-12-31"],
      openOnHolidays: false,
    });
    expect((await call("GET", "/api/business_hours", undefined, fresh)).body).toEqual(saved.body);
  });

  it("keeps 祝日も営業する (open on national holidays), closed on them by default", async () => {
    const fresh = await makeAccount(server);
    expect((await call("GET", "/api/business_hours", undefined, fresh)).body).toMatchObject({ openOnHolidays: false });
    const saved = await call("PUT", "/api/business_hours", { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true }, fresh);
    expect(saved.body).toMatchObject({ openOnHolidays: true });
    expect((await call("GET", "/api/business_hours", undefined, fresh)).body).toMatchObject({ openOnHolidays: true });
    expect(
      (await call("PUT", "/api/business_hours", { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: "yes" }, fresh)).status,
    ).toBe(400);
  });

  it.each([
    [
      "overlapping periods",
      {
        weekly: [
          {
            weekday: 1,
            periods: [
              { start: "09:00", end: "13:00" },
              { start: "12:00", end: "18:00" },
            ],
          },
        ],
        closedDates: [],
      },
    ],
    ["an inverted period", { weekly: [{ weekday: 1, periods: [{ start: "18:00", end: "09:00" }] }], closedDates: [] }],
    ["an empty period", { weekly: [{ weekday: 1, periods: [{ start: "09:00", end: "09:00" }] }], closedDates: [] }],
    [
      "a time that is not HH:mm",
      { weekly: [{ weekday: 1, periods: [{ start: "9:00", end: "18:00" }] }], closedDates: [] },
    ],
    ["24:00", { weekly: [{ weekday: 1, periods: [{ start: "09:00", end: "24:00" }] }], closedDates: [] }],
    ["weekday 7", { weekly: [{ weekday: 7, periods: [] }], closedDates: [] }],
    [
      "a weekday twice",
      {
        weekly: [
          { weekday: 1, periods: [] },
          { weekday: 1, periods: [] },
        ],
        closedDates: [],
      },
    ],
    ["a bad closed date", { weekly: [], closedDates: ["2026/12/31"] }],
  ])("refuses %s with a Japanese message and changes nothing", async (_, hours) => {
    const before = (await call("GET", "/api/business_hours")).body;
    const response = await call("PUT", "/api/business_hours", hours);
    expect(response.status).toBe(400);
    expect(response.body.issues[0].message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect((await call("GET", "/api/business_hours")).body).toEqual(before);
  });
});

describe("settings of another branch", () => {
  it("are out of reach: every settings call acts on the token's own branch only", async () => {
    const before = (await call("GET", "/api/business_hours", undefined, other)).body;
    await call("PUT", "/api/business_hours", { weekly: [], closedDates: ["2026-01-01"] });
    expect((await call("GET", "/api/business_hours", undefined, other)).body).toEqual(before);
    expect((await server.api.get("/api/app_settings")).status).toBe(401);
    expect((await server.api.get("/api/pharmacy")).status).toBe(401);
  });
});
