import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { importJWK, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION,
  VisitorPushSchema,
} from "@pharmacy/contract/visitor-notices/visitor-notices";
import {
  decryptPush,
  makeBrowserKeys,
  startPushService,
  type BrowserKeys,
  type ReceivedPush,
} from "@pharmacy/test-support/push-service";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { ApiClient } from "./helpers/api-client.js";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import type { TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

/**
 * Web Push for real: the server runs as its own process trusting a local HTTPS push service through
 * NODE_EXTRA_CA_CERTS; the push service decrypts each message with the subscription's own keys.
 */
let dir: string;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let api: ApiClient;
let account: TestAccount;
let slug: string;
let publicKey: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-push-"));
  pushService = await startPushService(dir);
  const dataDir = path.join(dir, "data");
  server = await startServerProcess(
    {
      NODE_EXTRA_CA_CERTS: pushService.caFile,
      // the local stand-in listens on loopback at a random port: allowed by this test-only setting, never by the list
      PUSH_SERVICE_TEST_ORIGIN: pushService.origin,
      VAPID_SUBJECT: "mailto:push-test@example.jp",
      PUBLIC_SEND_LIMIT_PER_MINUTE: "1000",
      DATABASE_URL: inject("databaseUrl") ?? "",
    },
    dataDir,
  );
  api = new ApiClient(server.baseUrl);
  // the account helpers need only the API and the outbox
  const asTestServer = { api, config: { mail: { outboxDir: path.join(dataDir, "outbox") } } } as unknown as TestServer;
  account = await makeAccount(asTestServer);
  slug = await openPublicPage(asTestServer, account);
  // this server runs on the real clock: open all day every day, so a web reception is today's whenever the test runs (docs/rules.md#across-days)
  const allDay = {
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, periods: [{ start: "00:00", end: "23:59" }] })),
    closedDates: [],
    openOnHolidays: true,
  };
  expect((await api.request("PUT", "/api/business_hours", { body: allDay, token: account.idToken })).status).toBe(200);
  publicKey = (await api.get("/api/public/push_public_key")).body.publicKey;
});
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
  await rm(dir, { recursive: true, force: true });
});

async function webReception(acceptLanguage?: string) {
  const sent = await sendWebReception(api, slug, { ...(acceptLanguage !== undefined && { acceptLanguage }) });
  expect(sent.status).toBe(201);
  return {
    statusToken: sent.body.statusToken,
    receptionNumber: sent.body.receptionNumber,
    id: await receptionIdOf(api, account.idToken, sent.body.receptionNumber, sent.body.receptionDate),
  };
}

async function subscribe(statusToken: string, pushPath: string, keys: BrowserKeys = makeBrowserKeys()) {
  const response = await api.post(
    `/api/public/reception/${statusToken}/push_subscription`,
    keys.subscription(`${pushService.origin}${pushPath}`),
  );
  return { response, keys };
}

/** The message as the phone reads it, after checking how it was sent: encrypted, signed by this server's VAPID key. */
async function readPush(push: ReceivedPush, keys: BrowserKeys) {
  expect(push.headers["content-encoding"]).toBe("aes128gcm");
  expect(Number(push.headers.ttl)).toBeGreaterThanOrEqual(60);
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization)) ?? [];
  expect(key).toBe(publicKey);
  const point = Buffer.from(publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33).toString("base64url"),
  };
  const { payload } = await jwtVerify(token!, await importJWK(jwk, "ES256"), { audience: pushService.origin });
  expect(payload.sub).toBe("mailto:push-test@example.jp");
  return VisitorPushSchema.parse(JSON.parse(decryptPush(push.body, keys)));
}

describe("Web Push to the visitor", () => {
  it("pushes when the reception is Completed, when it is called and when staff ask for a new photo, in Japanese with the status link", async () => {
    const reception = await webReception();
    const { response, keys } = await subscribe(reception.statusToken, "/push/phone-1");
    expect(response.status).toBe(201);
    expect(Date.parse(response.body.expiresAt)).toBeGreaterThan(Date.now());

    expect(
      (
        await api.request("PATCH", `/api/reception/${reception.id}`, {
          body: { id: reception.id, status: "Completed" },
          token: account.idToken,
        })
      ).status,
    ).toBe(200);
    const [ready] = await pushService.messagesTo("/push/phone-1", 1);
    const number = reception.receptionNumber;
    expect(await readPush(ready!, keys)).toEqual({
      title: "お薬をお渡しできます（さくら薬局）",
      body: `受付番号 ${number}番のお薬の準備ができました。薬局の窓口で受付番号をお伝えください。`,
      url: `/web/status/${reception.statusToken}`,
      tag: `reception-${number}`,
    });

    expect((await api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken)).status).toBe(200);
    const called = (await pushService.messagesTo("/push/phone-1", 2))[1]!;
    expect(await readPush(called, keys)).toMatchObject({
      title: "お呼びしています（さくら薬局）",
      body: `受付番号 ${number}番の方、お薬のご用意ができました。お渡し口までお越しください。`,
    });

    const asked = await api.post(
      `/api/reception/${reception.id}/photo_request`,
      { reason: "Blurry", message: "ヤマダ様、全体を写してください" },
      account.idToken,
    );
    expect(asked.status).toBe(200);
    const photo = await readPush((await pushService.messagesTo("/push/phone-1", 3))[2]!, keys);
    expect(photo).toMatchObject({
      title: "処方箋の写真をもう一度お送りください（さくら薬局）",
      body: `受付番号 ${number}番：ピントが合っていません。受付状況のページから新しい写真を送ってください。`,
    });
    // staff's own words (which may name the patient) stay on the status page
    expect(JSON.stringify(photo)).not.toContain("ヤマダ");
  });

  it("pushes in the language the phone's browser asked for (docs/rules.md#every-patient)", async () => {
    const reception = await webReception("vi-VN,vi;q=0.9,en;q=0.5");
    const { keys } = await subscribe(reception.statusToken, "/push/phone-vi");
    await api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: account.idToken,
    });
    await api.post(`/api/reception/${reception.id}/photo_request`, { reason: "Blurry" }, account.idToken);
    const [ready, photo] = await pushService.messagesTo("/push/phone-vi", 2);
    const number = reception.receptionNumber;
    expect(await readPush(ready!, keys)).toMatchObject({
      title: "Thuốc của bạn đã sẵn sàng (さくら薬局)",
      body: `Thuốc của số tiếp nhận ${number} đã chuẩn bị xong. Vui lòng đọc số tiếp nhận của bạn tại quầy nhà thuốc.`,
    });
    expect(await readPush(photo!, keys)).toMatchObject({
      title: "Vui lòng gửi lại ảnh đơn thuốc (さくら薬局)",
      body: `Về số tiếp nhận ${number}: Ảnh bị mờ. Vui lòng gửi ảnh mới từ trang tình trạng tiếp nhận.`,
    });
  });

  it("pushes nothing for a status other than Completed, and nothing twice for one Completed", async () => {
    const reception = await webReception();
    const { keys } = await subscribe(reception.statusToken, "/push/phone-2");
    await api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Dispensing" },
      token: account.idToken,
    });
    await api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: account.idToken,
    });
    await api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, note: "棚 3" },
      token: account.idToken,
    });
    await api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    const pushes = await pushService.messagesTo("/push/phone-2", 2);
    expect(await Promise.all(pushes.map(async (push) => (await readPush(push, keys)).title))).toEqual([
      "お薬をお渡しできます（さくら薬局）",
      "お呼びしています（さくら薬局）",
    ]);
  });

  it("deletes a subscription the push service answers 410 for, and keeps the others", async () => {
    const reception = await webReception();
    pushService.answer("/push/gone", 410);
    await subscribe(reception.statusToken, "/push/gone");
    for (let i = 1; i < MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION; i++)
      expect((await subscribe(reception.statusToken, `/push/kept-${i}`)).response.status).toBe(201);
    expect((await subscribe(reception.statusToken, "/push/one-too-many")).response.status).toBe(409);

    await api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: account.idToken,
    });
    await pushService.messagesTo("/push/gone", 1);
    // the gone subscription's place frees up once the server has heard the 410
    const deadline = Date.now() + 10_000;
    let again = await subscribe(reception.statusToken, "/push/newcomer");
    while (again.response.status === 409 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await subscribe(reception.statusToken, "/push/newcomer");
    }
    expect(again.response.status).toBe(201);

    await api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    await pushService.messagesTo("/push/newcomer", 1);
    await pushService.messagesTo("/push/kept-1", 2);
    expect(pushService.received.filter((push) => push.path === "/push/gone")).toHaveLength(1);
  });

  it("never holds or fails the staff call when the push service fails", async () => {
    const reception = await webReception();
    pushService.answer("/push/broken", 500);
    await subscribe(reception.statusToken, "/push/broken");
    const completed = await api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: account.idToken,
    });
    expect(completed.status).toBe(200);
    await pushService.messagesTo("/push/broken", 1);
    // a 500 is not a 410: the subscription stays and hears the call
    expect((await api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken)).status).toBe(200);
    await pushService.messagesTo("/push/broken", 2);
  });
});
