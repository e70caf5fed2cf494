import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_APP_SETTINGS } from "@pharmacy/contract/settings/settings";
import { makeAccount, type TestAccount } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";

let server: TestServer;
let account: TestAccount;
let slug: string;

// 2026-06-03 is a Wednesday; 10:00 in Tokyo.
const WEDNESDAY_10_JST = new Date("2026-06-03T01:00:00Z");

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(WEDNESDAY_10_JST);
  account = await makeAccount(server);
  await server.api.request("PATCH", "/api/pharmacy", {
    body: { name: "さくら薬局", address: "東京都千代田区1-1", phone: "03-1234-5678", notice: "本日は混雑しています" },
    token: account.idToken,
  });
  await server.api.request("PUT", "/api/business_hours", {
    body: {
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        periods: [
          { start: "09:00", end: "13:00" },
          { start: "14:00", end: "18:00" },
        ],
      })),
      closedDates: ["2026-06-04"],
    },
    token: account.idToken,
  });
  slug = (await server.api.get("/api/pharmacy", account.idToken)).body.publicSlug;
});
afterAll(() => server.close());

const VALID_ANSWERS = {
  prescriptionType: "Paper",
  firstVisit: "no",
  receiveMethod: "ReturnVisit",
  returnDate: "2026-06-05",
  returnTimePeriod: "14:00-18:00",
};

async function send(fields: Record<string, string>, photos: Uint8Array[] = [JPEG_BYTES], target = slug) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("photoConsent", "true");
  for (const photo of photos) form.append("file", new Blob([photo], { type: "image/jpeg" }), "prescription.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${target}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return { status: response.status, body: (await response.json()) as any };
}

const validFields = (answers: Record<string, string> = VALID_ANSWERS) => ({
  patientName: "ヤマダ タロウ",
  phone: "090-1234-5678",
  answers: JSON.stringify(answers),
});

async function receptionCount() {
  const row = await server.database.db
    .selectFrom("receptions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("pharmacy_id", "=", account.user.pharmacyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("public branch page", () => {
  it("shows the branch, today's hours and whether it is open now, the reserved questions and receive methods", async () => {
    const response = await server.api.get(`/api/public/pharmacy/${slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "さくら薬局",
      notice: "本日は混雑しています",
      today: {
        date: "2026-06-03",
        periods: [
          { start: "09:00", end: "13:00" },
          { start: "14:00", end: "18:00" },
        ],
        openNow: true,
      },
      enabledReceiveMethods: DEFAULT_APP_SETTINGS.enabledReceiveMethods,
    });
    expect(response.body.questions.map((q: { key: string }) => q.key)).toContain("prescriptionType");
    expect(JSON.stringify(response.body)).not.toContain(account.user.pharmacyId);
  });

  it("says closed at lunch time and on a closed date", async () => {
    server.clock.set(new Date("2026-06-03T04:30:00Z"));
    expect((await server.api.get(`/api/public/pharmacy/${slug}`)).body.today.openNow).toBe(false);
    server.clock.set(new Date("2026-06-04T01:00:00Z"));
    expect((await server.api.get(`/api/public/pharmacy/${slug}`)).body.today).toEqual({
      date: "2026-06-04",
      periods: [],
      openNow: false,
    });
    server.clock.set(WEDNESDAY_10_JST);
  });

  it("answers an unknown or malformed slug with a Japanese 404 or 400", async () => {
    const unknown = await server.api.get("/api/public/pharmacy/zzzzzzzzzz");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/見つかりません/);
    expect((await server.api.get("/api/public/pharmacy/..%2Fadmin")).status).toBe(400);
  });
});

describe("a branch not set up yet", () => {
  it("keeps its public page closed, for reading and for sending, until name, address and phone are filled in", async () => {
    const fresh = await makeAccount(server);
    const freshSlug = (await server.api.get("/api/pharmacy", fresh.idToken)).body.publicSlug;
    const page = await server.api.get(`/api/public/pharmacy/${freshSlug}`);
    expect(page.status).toBe(409);
    expect(page.body.message).toBe("この薬局のWeb受付は準備中です。");
    expect((await send(validFields(), [JPEG_BYTES], freshSlug)).status).toBe(409);
    await server.api.request("PATCH", "/api/pharmacy", {
      body: { name: "みどり薬局", address: "大阪市北区1-1", phone: "06-1234-5678" },
      token: fresh.idToken,
    });
    expect((await server.api.get(`/api/public/pharmacy/${freshSlug}`)).status).toBe(200);
  });
});

describe("sending a web reception", () => {
  it("creates a Web reception with the photo, reaches the branch's staff screens live, and gives a status page", async () => {
    const live = await connectSignedIn(server.baseUrl, account.idToken);
    try {
      const response = await send(validFields());
      expect(response.status).toBe(201);
      expect(response.body.statusToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const event = await live.next((e) => e.type === "reception.created");
      expect(event).toMatchObject({
        reception: {
          channel: "Web",
          receptionNumber: response.body.receptionNumber,
          patientName: "ヤマダ タロウ",
          phone: "09012345678",
          answers: VALID_ANSWERS,
        },
      });
      expect("reception" in event && event.reception.prescriptions).toHaveLength(1);

      const status = await server.api.get(`/api/public/reception/${response.body.statusToken}`);
      expect(status.body).toMatchObject({
        pharmacyName: "さくら薬局",
        receptionNumber: response.body.receptionNumber,
        status: null,
        answers: { receiveMethod: "ReturnVisit", returnDate: "2026-06-05", returnTimePeriod: "14:00-18:00" },
        openNow: true,
        nextOpening: null,
      });
      expect(status.body.answers).not.toHaveProperty("prescriptionType");
      const id = "reception" in event ? event.reception.id : "";
      await server.api.request("PATCH", `/api/reception/${id}`, {
        body: { id, status: "Completed" },
        token: account.idToken,
      });
      expect((await server.api.get(`/api/public/reception/${response.body.statusToken}`)).body.status).toBe(
        "Completed",
      );
    } finally {
      live.close();
    }
  });

  it("keeps a reading typed in hiragana under 「フリガナ」 in katakana", async () => {
    const response = await send({ ...validFields(), patientName: "やまだ はなこ" });
    expect(response.status).toBe(201);
    const row = await server.database.db
      .selectFrom("receptions")
      .select("patient_name")
      .where("pharmacy_id", "=", account.user.pharmacyId)
      .where("reception_number", "=", response.body.receptionNumber)
      .executeTakeFirstOrThrow();
    expect(row.patient_name).toBe("ヤマダ ハナコ");
  });

  it("tells a visitor at night when the pharmacy opens (the closed Thursday skipped)", async () => {
    const response = await send(validFields());
    server.clock.set(new Date("2026-06-03T14:00:00Z")); // Wednesday 23:00 in Tokyo
    try {
      const status = await server.api.get(`/api/public/reception/${response.body.statusToken}`);
      expect(status.body).toMatchObject({ openNow: false, nextOpening: { date: "2026-06-05", time: "09:00" } });
    } finally {
      server.clock.set(WEDNESDAY_10_JST);
    }
  });

  it("takes several photos, and none when there is no paper prescription", async () => {
    expect((await send(validFields(), [JPEG_BYTES, JPEG_BYTES, JPEG_BYTES])).status).toBe(201);
    expect(
      (await send(validFields({ ...VALID_ANSWERS, prescriptionType: "Electronic", verifyMethod: "MyNumberCard" }), []))
        .status,
    ).toBe(201);
  });

  it.each([
    ["a paper prescription without a photo", validFields(), [] as Uint8Array[], "file"],
    ["a fake image", validFields(), [Buffer.from("<svg onload=alert(1)>")], ""],
    [
      "a return date on a closed day",
      validFields({ ...VALID_ANSWERS, returnDate: "2026-06-04" }),
      [JPEG_BYTES],
      "returnDate",
    ],
    [
      "a return date on a weekend",
      validFields({ ...VALID_ANSWERS, returnDate: "2026-06-06" }),
      [JPEG_BYTES],
      "returnDate",
    ],
    [
      "a return date in the past",
      validFields({ ...VALID_ANSWERS, returnDate: "2026-06-02" }),
      [JPEG_BYTES],
      "returnDate",
    ],
    [
      "a period outside the hours",
      validFields({ ...VALID_ANSWERS, returnTimePeriod: "18:00-20:00" }),
      [JPEG_BYTES],
      "returnTimePeriod",
    ],
    ["a missing required answer", validFields({ firstVisit: "no" }), [JPEG_BYTES], "prescriptionType"],
    [
      "an answer breaking a condition",
      validFields({ ...VALID_ANSWERS, verifyMethod: "MyNumberCard" }),
      [JPEG_BYTES],
      "verifyMethod",
    ],
    ["a name not in kana", { ...validFields(), patientName: "山田太郎" }, [JPEG_BYTES], "patientName"],
    ["a bad phone number", { ...validFields(), phone: "12345" }, [JPEG_BYTES], "phone"],
    ["answers that are not JSON", { ...validFields(), answers: "{prescriptionType" }, [JPEG_BYTES], "answers"],
    ["an unknown field", { ...validFields(), pharmacyId: "someone-else" }, [JPEG_BYTES], ""],
    ["six photos", validFields(), Array.from({ length: 6 }, () => JPEG_BYTES), "file"],
  ])("refuses %s with a Japanese message and stores nothing", async (_, fields, photos, field) => {
    const before = await receptionCount();
    const response = await send(fields as Record<string, string>, photos);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    if (field) expect(JSON.stringify(response.body.issues)).toContain(field);
    expect(await receptionCount()).toBe(before);
  });

  it("names every problem at once", async () => {
    const response = await send({
      ...validFields({ ...VALID_ANSWERS, returnDate: "2026-06-04" }),
      patientName: "山田",
      phone: "1",
    });
    expect(response.status).toBe(400);
    const paths = response.body.issues.map((issue: { path: string[] }) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["patientName", "phone"]));
  });

  it("refuses a return period of today that is already over", async () => {
    server.clock.set(new Date("2026-06-03T05:30:00Z")); // 14:30 in Tokyo
    try {
      const over = await send(
        validFields({ ...VALID_ANSWERS, returnDate: "2026-06-03", returnTimePeriod: "09:00-13:00" }),
      );
      expect(over.status).toBe(400);
      expect(over.body.issues[0].path).toEqual(["answers", "returnTimePeriod"]);
      const current = await send(
        validFields({ ...VALID_ANSWERS, returnDate: "2026-06-03", returnTimePeriod: "14:00-18:00" }),
      );
      expect(current.status).toBe(201);
    } finally {
      server.clock.set(WEDNESDAY_10_JST);
    }
  });

  it("refuses a receive method the branch turned off", async () => {
    await server.api.request("PUT", "/api/app_settings", {
      body: { ...DEFAULT_APP_SETTINGS, enabledReceiveMethods: ["Pharmacy"] },
      token: account.idToken,
    });
    try {
      const response = await send(validFields());
      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toEqual(["answers", "receiveMethod"]);
    } finally {
      await server.api.request("PUT", "/api/app_settings", { body: DEFAULT_APP_SETTINGS, token: account.idToken });
    }
  });

  it("answers 404 for an unknown slug and a 404 status page for an unknown or deleted reception", async () => {
    expect((await send(validFields(), [JPEG_BYTES], "zzzzzzzzzz")).status).toBe(404);
    expect((await server.api.get(`/api/public/reception/${"a".repeat(32)}`)).status).toBe(404);
    expect((await server.api.get("/api/public/reception/short")).status).toBe(400);
  });
});

describe("rate limits on the public calls", () => {
  it("slow down one address sending receptions, with a Japanese 429, and leave reads alone", async () => {
    const limited = await startTestServer({ PUBLIC_SEND_LIMIT_PER_MINUTE: "2" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${limited.baseUrl}/api/public/pharmacy/zzzzzzzzzz/reception`, {
          method: "POST",
          body: new FormData(),
        });
        statuses.push(response.status);
        if (i === 2) expect(((await response.json()) as { message: string }).message).toMatch(/多すぎます/);
      }
      expect(statuses).toEqual([404, 404, 429]);
      expect((await fetch(`${limited.baseUrl}/api/public/pharmacy/zzzzzzzzzz`)).status).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
