import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";
import { makeAccount, makeReception, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
let slug: string;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_UPLOAD_DAILY_FILES: "8" });
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

async function sendWebReception() {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  const { statusToken } = (await response.json()) as { statusToken: string; receptionNumber: number };
  const list = await server.api.get("/api/reception", account.idToken);
  return { statusToken, reception: list.body.receptions[0] as { id: string; receptionNumber: number } };
}

async function sendPhotos(statusToken: string, photos: Uint8Array[], extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  form.append("photoConsent", "true");
  for (const photo of photos) form.append("file", new Blob([photo], { type: "image/jpeg" }), "new.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/reception/${statusToken}/photos`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return { status: response.status, body: (await response.json()) as any };
}

const request = (id: string, body: unknown, token = account.idToken) =>
  server.api.request("POST", `/api/reception/${id}/photo_request`, { body, token });

describe("asking the visitor for new photos", () => {
  it("shows the reason on the status page, takes the new photos there, and staff see them arrive live as answered", async () => {
    const { statusToken, reception } = await sendWebReception();
    const asked = await request(reception.id, { reason: "Blurry", message: "処方箋全体が写るように撮影してください" });
    expect(asked.status).toBe(200);
    expect(asked.body.photoRequest).toEqual({
      reason: "Blurry",
      message: "処方箋全体が写るように撮影してください",
      requestedAt: server.clock.now().toISOString(),
    });

    const status = await server.api.get(`/api/public/reception/${statusToken}`);
    expect(status.body.photoRequest).toEqual({
      reason: "Blurry",
      message: "処方箋全体が写るように撮影してください",
      requestedAt: server.clock.now().toISOString(),
    });

    const staff = await connectSignedIn(server.baseUrl, account.idToken);
    try {
      server.clock.advance(60_000);
      const sent = await sendPhotos(statusToken, [JPEG_BYTES, JPEG_BYTES]);
      expect(sent.status).toBe(200);
      expect(sent.body.photoRequest).toBeUndefined();
      const event = await staff.next(
        (e) =>
          e.type === "reception.updated" &&
          e.reception.id === reception.id &&
          e.reception.photoRequest?.answeredAt !== undefined,
      );
      expect("reception" in event && event.reception.prescriptions).toHaveLength(3);
      expect("reception" in event && event.reception.photoRequest).toMatchObject({
        reason: "Blurry",
        answeredAt: server.clock.now().toISOString(),
      });
    } finally {
      staff.close();
    }
    const history = (await server.api.get(`/api/reception/${reception.id}/history`, account.idToken)).body.history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(["photo_requested", "photos_received"]),
    );
  });

  it("refuses photos nobody asked for (409), and a second answer to the same request", async () => {
    const { statusToken, reception } = await sendWebReception();
    expect((await sendPhotos(statusToken, [JPEG_BYTES])).status).toBe(409);
    await request(reception.id, { reason: "Glare" });
    expect((await sendPhotos(statusToken, [JPEG_BYTES])).status).toBe(200);
    expect((await sendPhotos(statusToken, [JPEG_BYTES])).status).toBe(409);
  });

  it("checks the photos like a web reception: none, a non-image, more than five, extra fields, the daily quota", async () => {
    const { statusToken, reception } = await sendWebReception();
    await request(reception.id, { reason: "CutOff" });
    expect((await sendPhotos(statusToken, [])).status).toBe(400);
    expect((await sendPhotos(statusToken, [new TextEncoder().encode("not an image")])).status).toBe(415);
    expect((await sendPhotos(statusToken, Array(6).fill(JPEG_BYTES))).status).toBe(400);
    expect((await sendPhotos(statusToken, [JPEG_BYTES], { patientName: "ダレカ" })).status).toBe(400);
    // the quota is 8 photos a day: three web receptions and the two answers above used 6
    const quota = await sendPhotos(statusToken, [JPEG_BYTES, JPEG_BYTES, JPEG_BYTES]);
    expect(quota.status).toBe(400);
    expect(quota.body.issues[0].code).toBe("quota_exceeded");
    const unknown = await sendPhotos("x".repeat(32), [JPEG_BYTES]);
    expect(unknown.status).toBe(404);
    const detail = await server.api.get(`/api/reception/${reception.id}`, account.idToken);
    expect(detail.body.prescriptions).toHaveLength(1);
    expect(detail.body.photoRequest.answeredAt).toBeUndefined();
  });

  it("refuses a bad reason or message, a Paper reception (409) and another branch's reception (404)", async () => {
    const { reception } = await sendWebReception();
    expect((await request(reception.id, { reason: "Dark" })).status).toBe(400);
    expect((await request(reception.id, { reason: "Other", message: "あ".repeat(201) })).status).toBe(400);
    expect((await request(reception.id, { reason: "Other", extra: 1 })).status).toBe(400);
    const paper = await makeReception(server, account);
    expect((await request(paper.id, { reason: "Blurry" })).status).toBe(409);
    const other = await makeAccount(server);
    expect((await request(reception.id, { reason: "Blurry" }, other.idToken)).status).toBe(404);
    expect((await server.api.get(`/api/reception/${reception.id}`, account.idToken)).body.photoRequest).toBeUndefined();
  });
});
