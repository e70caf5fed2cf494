import { describe, expect, it } from "vitest";
import { UNUSABLE_CHARACTER_MESSAGE } from "@pharmacy/contract/shared/text";
import { DEFAULT_APP_SETTINGS } from "@pharmacy/contract/settings/settings";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeReception } from "./helpers/factories.js";
import { openPublicPage } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

// "\u0000" and a lone "\uD800" are valid JSON escapes, so they reach the schemas as they are
const NUL_NAME = String.raw`{"name":"さくら\u0000薬局"}`;
const SURROGATE_ADDRESS = String.raw`{"address":"東京都\ud800"}`;
const SURROGATE_NOTICE = String.raw`{"notice":"\udc00お知らせ"}`;

async function expectRefused(method: string, path: string, rawBody: string, field: string) {
  const response = await ctx.server.api.request(method, path, { rawBody, token: ctx.account.idToken });
  expect(response.status, rawBody).toBe(400);
  expect(response.body.issues).toContainEqual(
    expect.objectContaining({ path: [field], message: UNUSABLE_CHARACTER_MESSAGE }),
  );
}

describe("NUL and lone surrogates in text fields", () => {
  it("are refused with a Japanese issue in the branch's name, address and notice, which stay unchanged", async () => {
    const before = (await ctx.server.api.get("/api/pharmacy", ctx.account.idToken)).body;
    await expectRefused("PATCH", "/api/pharmacy", NUL_NAME, "name");
    await expectRefused("PATCH", "/api/pharmacy", SURROGATE_ADDRESS, "address");
    await expectRefused("PATCH", "/api/pharmacy", SURROGATE_NOTICE, "notice");
    expect((await ctx.server.api.get("/api/pharmacy", ctx.account.idToken)).body).toEqual(before);
  });

  it("are refused in the ticket message and a patient's name", async () => {
    const settings = JSON.stringify({ ...DEFAULT_APP_SETTINGS, ticketMessage: "x" }).replace(
      '"ticketMessage":"x"',
      String.raw`"ticketMessage":"ok\u0000"`,
    );
    await expectRefused("PUT", "/api/app_settings", settings, "ticketMessage");
    const reception = await makeReception(ctx.server, ctx.account);
    await expectRefused(
      "PATCH",
      `/api/reception/${reception.id}`,
      String.raw`{"id":"${reception.id}","patientName":"ヤマダ\ud83d"}`,
      "patientName",
    );
  });

  it("are refused in a web reception's fields", async () => {
    const slug = await openPublicPage(ctx.server, ctx.account);
    const form = new FormData();
    form.append("patientName", "ヤマダ\u0000");
    form.append("phone", "09012345678");
    form.append("answers", "{}");
    const response = await fetch(`${ctx.server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": ctx.server.api.clientIp },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: unknown[] }).issues).toContainEqual(
      expect.objectContaining({ path: ["patientName"], message: UNUSABLE_CHARACTER_MESSAGE }),
    );
  });

  it("are refused inside a web reception's JSON fields: the id of a code the browser read", async () => {
    const slug = await openPublicPage(ctx.server, ctx.account);
    const before = (await ctx.server.api.get("/api/reception", ctx.account.idToken)).body.receptions.length;
    for (const id of [String.raw`\u0000`, String.raw`a\ud800`]) {
      const form = new FormData();
      form.append("patientName", "ヤマダ");
      form.append("phone", "09012345678");
      form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
      form.append("photoCodes", `[[{"bytes":"QUJD","index":-1,"size":-1,"id":"${id}"}]]`);
      form.append("photoConsent", "true");
      form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "p.jpg");
      const response = await fetch(`${ctx.server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
        method: "POST",
        body: form,
        headers: { "x-forwarded-for": ctx.server.api.clientIp },
      });
      expect(response.status, id).toBe(400);
      expect(((await response.json()) as { issues: unknown[] }).issues).toContainEqual(
        expect.objectContaining({ path: ["photoCodes", "0", "0", "id"], message: UNUSABLE_CHARACTER_MESSAGE }),
      );
    }
    expect((await ctx.server.api.get("/api/reception", ctx.account.idToken)).body.receptions).toHaveLength(before);
  });
});
