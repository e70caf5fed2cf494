import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import { DEFAULT_PRIVACY_NOTICE } from "@pharmacy/contract/settings/privacy-notice";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

// The 利用目的 on the public pages and the consent the photos need (docs/rules.md#notice-and-consent).
let server: TestServer;
let account: TestAccount;
let slug: string;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

const CONSENT_REFUSED = {
  errorCode: ErrorCode.PhotoConsentRequired,
  message: ERROR_CODE_MESSAGES[ErrorCode.PhotoConsentRequired],
};

async function send(consent: string | undefined, photos = 1, prescriptionType = "Paper") {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType, receiveMethod: "Pharmacy" }));
  if (consent !== undefined) form.append("photoConsent", consent);
  for (let i = 0; i < photos; i++) form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function sendPhotos(statusToken: string, consent: string | undefined) {
  const form = new FormData();
  if (consent !== undefined) form.append("photoConsent", consent);
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "new.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/reception/${statusToken}/photos`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return { status: response.status, body: (await response.json()) as any };
}

const receptions = async () =>
  (await server.api.get("/api/reception", account.idToken)).body.receptions as {
    id: string;
    receptionNumber: number;
    photoConsentAt?: string;
  }[];
const detail = async (id: string) => (await server.api.get(`/api/reception/${id}`, account.idToken)).body;

describe("the branch's 利用目的", () => {
  it("is the contract's default on the public page until the admin edits it, then the edited text", async () => {
    expect((await server.api.get(`/api/public/pharmacy/${slug}`)).body.privacyNotice).toBe(DEFAULT_PRIVACY_NOTICE);
    const settings = (await server.api.get("/api/app_settings", account.idToken)).body;
    expect(settings.privacyNotice).toBe(DEFAULT_PRIVACY_NOTICE);

    const edited = "処方箋の写真は調剤の準備にのみ使います。お問い合わせは 03-0000-0000 まで。";
    const saved = await server.api.request("PUT", "/api/app_settings", {
      body: { ...settings, privacyNotice: `  ${edited}\n` },
      token: account.idToken,
    });
    expect(saved.status).toBe(200);
    expect((await server.api.get(`/api/public/pharmacy/${slug}`)).body.privacyNotice).toBe(edited);
    expect((await server.api.get("/api/app_settings", account.idToken)).body.privacyNotice).toBe(edited);

    for (const bad of ["   ", "あ".repeat(4001), "a\u0000b"]) {
      const refused = await server.api.request("PUT", "/api/app_settings", {
        body: { ...settings, privacyNotice: bad },
        token: account.idToken,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].path).toEqual(["privacyNotice"]);
    }
    expect((await server.api.get(`/api/public/pharmacy/${slug}`)).body.privacyNotice).toBe(edited);
    await server.api.request("PUT", "/api/app_settings", { body: settings, token: account.idToken });
  });
});

describe("consent to the use of the photos", () => {
  it("is required with photos: without it, or with false, the send is refused and nothing is kept", async () => {
    const before = (await receptions()).length;
    for (const consent of [undefined, "false"]) {
      const refused = await send(consent, 2);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject(CONSENT_REFUSED);
    }
    const malformed = await send("yes");
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues[0].path).toEqual(["photoConsent"]);
    expect((await receptions()).length).toBe(before);
  });

  it("is kept with the reception, with its time, and shown to staff", async () => {
    server.clock.set(new Date("2026-06-03T01:23:45Z"));
    const sent = await send("true");
    expect(sent.status).toBe(201);
    const reception = (await receptions()).find((one) => one.receptionNumber === sent.body.receptionNumber)!;
    expect(reception.photoConsentAt).toBe("2026-06-03T01:23:45.000Z");
    expect((await detail(reception.id)).photoConsentAt).toBe("2026-06-03T01:23:45.000Z");
  });

  it("is not asked without photos, and none is recorded", async () => {
    const sent = await send(undefined, 0, "Electronic");
    expect(sent.status).toBe(201);
    const reception = (await receptions()).find((one) => one.receptionNumber === sent.body.receptionNumber)!;
    expect(reception.photoConsentAt).toBeUndefined();
  });

  it("is asked again for photos staff ask for on the status page; the later consent's time is kept", async () => {
    server.clock.set(new Date("2026-06-03T01:30:00Z"));
    const sent = await send("true");
    const reception = (await receptions()).find((one) => one.receptionNumber === sent.body.receptionNumber)!;
    const asked = await server.api.post(
      `/api/reception/${reception.id}/photo_request`,
      { reason: "Blurry" },
      account.idToken,
    );
    expect(asked.status).toBe(200);
    const status = await server.api.get(`/api/public/reception/${sent.body.statusToken}`);
    expect(status.body.privacyNotice).toBe(DEFAULT_PRIVACY_NOTICE);

    server.clock.set(new Date("2026-06-03T01:40:00Z"));
    for (const consent of [undefined, "false"]) {
      const refused = await sendPhotos(sent.body.statusToken, consent);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject(CONSENT_REFUSED);
    }
    const stillAsking = await detail(reception.id);
    expect(stillAsking.photoRequest.answeredAt).toBeUndefined();
    expect(stillAsking.prescriptions).toHaveLength(1);
    expect(stillAsking.photoConsentAt).toBe("2026-06-03T01:30:00.000Z");

    const answered = await sendPhotos(sent.body.statusToken, "true");
    expect(answered.status).toBe(200);
    expect(answered.body.privacyNotice).toBeUndefined();
    const after = await detail(reception.id);
    expect(after.prescriptions).toHaveLength(2);
    expect(after.photoConsentAt).toBe("2026-06-03T01:40:00.000Z");
  });
});
