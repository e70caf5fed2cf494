import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AUDIT_CSV_HEADER, type AuditAction, type AuditRow } from "@pharmacy/contract/audit/audit";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { latestCode } from "@pharmacy/test-support/mail";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import {
  GOOD_PASSWORD,
  makeAccount,
  makeDevice,
  makePerson,
  uniqueEmail,
  uploadFile,
  type TestAccount,
  type TestDevice,
} from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let admin: TestAccount;
let staff: TestAccount;
let staffId: string;
let counter: TestDevice;
let display: TestDevice;
let slug: string;

// 2026-06-03 is a Wednesday; 10:00 in Tokyo, inside the hours set below.
const WEDNESDAY_10_JST = new Date("2026-06-03T01:00:00Z");
const PATIENT = { patientName: "ヤマダ タロウ", phone: "090-1234-5678" };
const COUNTER_NAME = '=HYPERLINK("http://x","受付")';

beforeAll(async () => {
  server = await startTestServer({ UNCONFIRMED_RECEPTION_MINUTES: "15", ABANDONED_SWEEP_SECONDS: "0.05" });
  server.clock.set(WEDNESDAY_10_JST);
  admin = await makeAccount(server);
  staff = await makePerson(server, admin, "staff");
  staffId = staff.user.id;
  const created = await server.api.post("/api/devices", { kind: "counter", name: COUNTER_NAME }, admin.idToken);
  const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: created.body.deviceToken });
  counter = { id: created.body.id, deviceToken: created.body.deviceToken, idToken: refreshed.body.idToken };
  display = await makeDevice(server, admin, "display");
  await server.api.request("PATCH", "/api/pharmacy", {
    body: { name: "さくら薬局", address: "東京都千代田区1-1", phone: "03-1234-5678" },
    token: admin.idToken,
  });
  await server.api.request("PUT", "/api/business_hours", {
    body: {
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, periods: [{ start: "09:00", end: "18:00" }] })),
      closedDates: [],
    },
    token: admin.idToken,
  });
  slug = (await server.api.get("/api/pharmacy", admin.idToken)).body.publicSlug;
});
afterAll(() => server.close());

const as = (token: string) => ({
  get: (path: string) => server.api.get(path, token),
  post: (path: string, body?: unknown) => server.api.post(path, body, token),
  patch: (path: string, body: unknown) => server.api.request("PATCH", path, { body, token }),
  delete: (path: string) => server.api.request("DELETE", path, { token }),
});

async function audit(query = "", token = admin.idToken): Promise<AuditRow[]> {
  const response = await server.api.get(`/api/audit?pageSize=500${query}`, token);
  expect(response.status).toBe(200);
  return response.body.rows;
}

/** The entries about one target, oldest first, as "action by actorType". */
async function entriesAbout(targetId: string): Promise<string[]> {
  return (await audit())
    .filter((row) => row.targetId === targetId)
    .reverse()
    .map((row) => `${row.action} by ${row.actorType}`);
}

describe("the audit log records (docs/rules.md#people-roles-and-devices)", () => {
  it("a staff person's changes and openings of a reception and its file, not the list or a thumbnail", async () => {
    const staffApi = as(staff.idToken);
    const created = (await staffApi.post("/api/reception")).body;
    const id: string = created.id;
    expect((await staffApi.get("/api/reception")).status).toBe(200);
    expect((await staffApi.get(`/api/reception/${id}`)).status).toBe(200);
    expect((await staffApi.post(`/api/reception/${id}/open`)).status).toBe(200);
    expect((await staffApi.patch(`/api/reception/${id}`, { id, status: "Dispensing" })).status).toBe(200);
    const upload = await uploadFile(server, staff, JPEG_BYTES, { receptionId: id, sourceType: "Paper" });
    expect(upload.status).toBe(201);
    const fileId: string = upload.body.file.id;
    expect((await staffApi.get(`/api/file/${fileId}`)).status).toBe(200);
    expect((await staffApi.get(`/api/file/${fileId}/thumbnail`)).status).toBe(200);

    expect(await entriesAbout(id)).toEqual([
      "reception.created by user",
      "reception.opened by user",
      "reception.opened by user",
      "reception.updated by user",
    ]);
    expect(await entriesAbout(fileId)).toEqual(["file.uploaded by user", "file.opened by user"]);
    const opened = (await audit(`&action=reception.opened`)).find((row) => row.targetId === id)!;
    expect(opened).toMatchObject({
      actorType: "user",
      actorId: staffId,
      actorName: `薬剤師 太郎（${staff.email}）`,
      targetType: "reception",
      detail: `受付番号 ${created.receptionNumber}`,
    });
    // a status change says which statuses it moved between, and nothing of the patient
    const updated = (await audit(`&action=reception.updated`)).find((row) => row.targetId === id)!;
    expect(updated.detail).toBe(`受付番号 ${created.receptionNumber}（確認中 → 調剤中）`);

    const prescriptionId: string = upload.body.prescription.prescriptionId;
    const move = await server.api.request("PUT", `/api/reception/${id}/prescription/${prescriptionId}`, {
      body: { partitionNumber: 2 },
      token: staff.idToken,
    });
    expect(move.status, move.text).toBe(200);
    const moved = (await audit("&action=prescription.moved")).find((row) => row.targetId === prescriptionId);
    expect(moved).toMatchObject({ actorId: staffId, targetType: "prescription", detail: expect.stringContaining("→") });

    const second = (await staffApi.post("/api/reception")).body;
    const attached = await uploadFile(server, staff, JPEG_BYTES, { receptionId: second.id, sourceType: "Paper" });
    expect(
      (await staffApi.delete(`/api/reception/${second.id}/prescription/${attached.body.prescription.prescriptionId}`))
        .status,
    ).toBe(204);
    expect((await staffApi.delete(`/api/reception/${second.id}`)).status).toBe(204);
    expect(await entriesAbout(second.id)).toEqual(["reception.created by user", "reception.deleted by user"]);
    expect((await audit("&action=prescription.deleted")).map((row) => row.targetId)).toContain(
      attached.body.prescription.prescriptionId,
    );
  });

  it("a counter device's reception under the device's id and name, confirmed and abandoned", async () => {
    const kiosk = as(counter.idToken);
    const kept = (await kiosk.post("/api/reception")).body;
    expect((await kiosk.get(`/api/reception/${kept.id}`)).status).toBe(200);
    expect((await kiosk.post(`/api/reception/${kept.id}/confirm`)).status).toBe(200);
    const left = (await kiosk.post("/api/reception")).body;
    expect((await kiosk.delete(`/api/reception/${left.id}`)).status).toBe(204);

    expect(await entriesAbout(kept.id)).toEqual([
      "reception.created by device",
      "reception.opened by device",
      "reception.confirmed by device",
    ]);
    expect(await entriesAbout(left.id)).toEqual(["reception.created by device", "abandoned by device"]);
    const rows = await audit(`&actor=${counter.id}`);
    expect(rows.map((row) => row.action).sort()).toEqual([
      "abandoned",
      "reception.confirmed",
      "reception.created",
      "reception.created",
      "reception.opened",
    ]);
    expect(rows.every((row) => row.actorType === "device" && row.actorName === COUNTER_NAME)).toBe(true);
  });

  it("the sweep's deletion of a reception left unconfirmed, as the system", async () => {
    const forgotten = (await as(counter.idToken).post("/api/reception")).body;
    server.clock.advance(16 * 60_000);
    await vi.waitFor(
      async () =>
        expect(await entriesAbout(forgotten.id)).toEqual(["reception.created by device", "abandoned by system"]),
      { timeout: 10_000 },
    );
    expect((await audit("&action=abandoned")).find((row) => row.targetId === forgotten.id)).not.toHaveProperty(
      "actorId",
    );
  });

  it("a patient's web reception and its photo, with no name or phone in the log", async () => {
    const form = new FormData();
    const answers = {
      prescriptionType: "Paper",
      firstVisit: "no",
      receiveMethod: "ReturnVisit",
      returnDate: "2026-06-05",
      returnTimePeriod: "09:00-18:00",
    };
    form.append("patientName", PATIENT.patientName);
    form.append("phone", PATIENT.phone);
    form.append("answers", JSON.stringify(answers));
    form.append("photoConsent", "true");
    form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "prescription.jpg");
    const sent = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": server.api.clientIp },
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const patientRows = (await audit()).filter((row) => row.actorType === "patient");
    expect(patientRows.map((row) => row.action).sort()).toEqual(["file.uploaded", "reception.created"]);
    expect(patientRows.every((row) => row.actorId === undefined && row.actorName === "Web受付")).toBe(true);
    const everything = JSON.stringify(await audit()) + (await server.api.get("/api/audit.csv", admin.idToken)).text;
    expect(everything).not.toContain("ヤマダ");
    expect(everything).not.toContain("1234-5678");
    expect(everything).not.toContain("09012345678");
  });

  it("the admin's settings, branch, hours, people and devices, and sign-in, sign-out and password reset", async () => {
    const adminApi = as(admin.idToken);
    expect(
      (
        await server.api.request("PUT", "/api/app_settings", {
          body: (await adminApi.get("/api/app_settings")).body,
          token: admin.idToken,
        })
      ).status,
    ).toBe(200);
    expect((await adminApi.post("/api/pharmacy/public_slug")).status).toBe(200);
    const device = await makeDevice(server, admin, "counter");
    expect((await adminApi.delete(`/api/devices/${device.id}`)).status).toBe(204);
    const person = await makePerson(server, admin, "staff");
    expect((await adminApi.patch(`/api/staff/${person.user.id}`, { name: "薬剤師 花子" })).status).toBe(200);

    const signedIn = await server.api.post("/auth/sign_in", { email: person.email, password: GOOD_PASSWORD });
    expect((await server.api.post("/auth/sign_out", { refreshToken: signedIn.body.refreshToken })).status).toBeLessThan(
      300,
    );
    await server.api.post("/auth/forgot_password", { email: person.email });
    const code = await latestCode(server.config.mail.outboxDir, person.email, 2);
    expect(
      (await server.api.post("/auth/confirm_forgot_password", { email: person.email, code, newPassword: "Atarashii9" }))
        .status,
    ).toBe(200);

    const byAdmin = (await audit(`&actor=${admin.user.id}`)).map((row) => row.action);
    expect(byAdmin).toEqual(
      expect.arrayContaining<AuditAction>([
        "settings.updated",
        "pharmacy.updated",
        "business_hours.updated",
        "device.created",
        "device.deleted",
        "staff.invited",
        "staff.updated",
        "sign_in",
      ]),
    );
    expect((await audit(`&actor=${device.id}`)).length).toBe(0);
    expect((await audit(`&action=device.deleted`))[0]).toMatchObject({
      targetType: "device",
      targetId: device.id,
      actorId: admin.user.id,
    });
    // what the server keeps in English (a kind, a role, field names) reads in Japanese
    expect((await audit(`&action=device.created`)).find((row) => row.targetId === device.id)).toMatchObject({
      detail: "受付端末",
    });
    expect((await audit(`&action=device.created`)).find((row) => row.targetId === display.id)).toMatchObject({
      detail: "呼出画面",
    });
    expect((await audit(`&action=staff.invited`)).find((row) => row.targetId === person.user.id)).toMatchObject({
      detail: "スタッフ",
    });
    expect((await audit(`&action=staff.updated`)).find((row) => row.targetId === person.user.id)).toMatchObject({
      detail: "名前",
    });
    const byPerson = (await audit(`&actor=${person.user.id}`)).map((row) => row.action).reverse();
    expect(byPerson).toEqual(["staff.joined", "sign_in", "sign_in", "sign_out", "password.reset"]);
  });
});

describe("GET /api/audit", () => {
  it("filters by period (business days at the pharmacy), actor and action, newest first, in pages", async () => {
    const before = (await audit()).length;
    const receptionAt = async (instant: string) => {
      server.clock.set(new Date(instant));
      const { idToken } = (await server.api.post("/auth/refresh_token", { refreshToken: staff.refreshToken })).body;
      return (await as(idToken).post("/api/reception")).body;
    };
    const late = await receptionAt("2026-06-09T14:59:00Z"); // 23:59 on the 9th in Tokyo
    const early = await receptionAt("2026-06-09T15:00:00Z"); // 00:00 on the 10th
    server.clock.set(WEDNESDAY_10_JST);

    expect((await audit("&from=2026-06-09&to=2026-06-09")).map((row) => row.targetId)).toEqual([late.id]);
    expect((await audit("&from=2026-06-10")).map((row) => row.targetId)).toEqual([early.id]);
    expect((await audit("&from=2026-06-09")).map((row) => row.targetId)).toEqual([early.id, late.id]);
    expect((await audit("&to=2026-06-08")).length).toBe(before);
    expect((await audit(`&from=2026-06-09&actor=${admin.user.id}`)).length).toBe(0);
    expect((await audit(`&from=2026-06-09&actor=${staffId}&action=reception.created`)).length).toBe(2);
    expect((await audit(`&from=2026-06-09&action=reception.opened`)).length).toBe(0);

    const page = await server.api.get("/api/audit?page=2&pageSize=3", admin.idToken);
    expect(page.body.total).toBe(before + 2);
    expect(page.body.rows.map((row: AuditRow) => row.id)).toEqual((await audit()).slice(3, 6).map((row) => row.id));
  });

  it("never shows another branch's entries, even asked for by actor", async () => {
    const other = await makeAccount(server, uniqueEmail("other"));
    await as(other.idToken).post("/api/reception");
    const otherRows = await audit("", other.idToken);
    expect(otherRows.length).toBeGreaterThan(0);
    expect(otherRows.every((row) => row.actorId === other.user.id)).toBe(true);
    expect(await audit(`&actor=${staffId}`, other.idToken)).toEqual([]);
    expect((await audit()).some((row) => row.actorId === other.user.id)).toBe(false);
  });

  it("refuses bad filters with 400", async () => {
    for (const query of [
      "from=2026-6-1",
      "actor=nobody",
      "action=reception.peeked",
      "page=0",
      "pageSize=501",
      "who=me",
    ]) {
      expect((await server.api.get(`/api/audit?${query}`, admin.idToken)).status, query).toBe(400);
    }
    expect((await server.api.get("/api/audit.csv?page=2", admin.idToken)).status).toBe(400);
  });

  it.each(["staff", "counter", "display"] as const)("answers %s with 403", async (role) => {
    const token = role === "staff" ? staff.idToken : role === "counter" ? counter.idToken : display.idToken;
    for (const path of ["/api/audit", "/api/audit.csv"]) {
      const response = await server.api.get(path, token);
      expect(response.status).toBe(403);
      expect(response.body.errorCode).toBe(ErrorCode.Forbidden);
    }
  });
});

describe("GET /api/audit.csv", () => {
  it("is UTF-8 with a BOM and a Japanese header, quotes every cell and defuses formulas", async () => {
    const response = await fetch(`${server.baseUrl}/api/audit.csv?actor=${counter.id}&action=reception.created`, {
      headers: { authorization: `Bearer ${admin.idToken}`, "x-forwarded-for": server.api.clientIp },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).split("\r\n");
    expect(lines[0]).toBe("\uFEFF" + AUDIT_CSV_HEADER.map((cell) => `"${cell}"`).join(","));
    expect(lines.at(-1)).toBe("");
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatch(
        /^"2026-06-03 10:00:00","端末","'=HYPERLINK\(""http:\/\/x"",""受付""\)","受付を作成","受付","[0-9a-f-]{36}","受付番号 \d+"$/,
      );
    }
  });
});
