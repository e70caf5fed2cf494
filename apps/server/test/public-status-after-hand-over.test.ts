import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

let server: TestServer;
let account: TestAccount;
let slug: string;

beforeAll(async () => {
  server = await startTestServer();
  // a Wednesday, 10:00 in Tokyo
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

const staff = (method: string, path: string, body?: unknown) =>
  server.api.request(method, path, { body, token: account.idToken });

async function sendPhotos(statusToken: string) {
  const form = new FormData();
  form.append("photoConsent", "true");
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "new.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/reception/${statusToken}/photos`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return response.status;
}

describe("the visitor's status after hand-over", () => {
  it("says when the medicine was handed over, and a photo request left open is over with it", async () => {
    const sent = await sendWebReception(server.api, slug);
    const id = await receptionIdOf(server.api, account.idToken, sent.body.receptionNumber);
    expect((await staff("POST", `/api/reception/${id}/photo_request`, { reason: "Glare" })).status).toBe(200);
    expect((await staff("PATCH", `/api/reception/${id}`, { id, status: "Completed" })).status).toBe(200);
    const ready = await server.api.get(`/api/public/reception/${sent.body.statusToken}`);
    expect(ready.body.handedOverAt).toBeUndefined();

    server.clock.set(new Date("2026-06-03T01:20:00Z"));
    expect((await staff("POST", `/api/reception/${id}/hand_over`)).status).toBe(200);
    const handedOver = await server.api.get(`/api/public/reception/${sent.body.statusToken}`);
    expect(handedOver.status).toBe(200);
    expect(handedOver.body).toMatchObject({ status: "Completed", handedOverAt: "2026-06-03T01:20:00.000Z" });
    expect(handedOver.body.photoRequest).toBeUndefined();
    expect(await sendPhotos(sent.body.statusToken)).toBe(409);

    // days later the page still says so
    server.clock.set(new Date("2026-06-06T03:00:00Z"));
    const later = await server.api.get(`/api/public/reception/${sent.body.statusToken}`);
    expect(later.body.handedOverAt).toBe("2026-06-03T01:20:00.000Z");
  });
});
