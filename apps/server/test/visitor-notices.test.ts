import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION } from "@pharmacy/contract/visitor-notices/visitor-notices";
import { sampleHostilePushEndpoints } from "@pharmacy/test-support/hostile-endpoints";
import { makeBrowserKeys } from "@pharmacy/test-support/push-service";
import { outboxMails, waitForMails } from "@pharmacy/test-support/mail";
import { ConfigError, loadConfig } from "../src/config/config.js";
import { resolveVapidKeys } from "../src/config/vapid-keys.js";
import { isAllowedPushEndpoint } from "../src/features/visitor-notices/push-endpoint.js";
import { makeAccount, openPublicPage, uniqueEmail, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

let server: TestServer;
let account: TestAccount;
let slug: string;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // push.invalid never resolves: these tests look at what is kept and mailed, never at a real push
  server = await startTestServer(
    { LOG_LEVEL: "debug", PUSH_SERVICE_HOSTS: "push.invalid,*.push.invalid", VISITOR_NOTICE_SWEEP_SECONDS: "0.05" },
    logStream,
  );
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

async function webReception(fields: { email?: string; receiveMethod?: string } = {}) {
  const sent = await sendWebReception(server.api, slug, fields);
  expect(sent.status).toBe(201);
  return { ...sent.body, id: await receptionIdOf(server.api, account.idToken, sent.body.receptionNumber) };
}

const subscribe = (statusToken: string, body: unknown) =>
  server.api.post(`/api/public/reception/${statusToken}/push_subscription`, body);
const endpoint = (name: string) => `https://fcm.push.invalid/send/${name}`;
const subscriptionCount = async (receptionId: string) =>
  Number(
    (
      await server.database.db
        .selectFrom("push_subscriptions")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("reception_id", "=", receptionId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const mailsTo = (email: string, count: number) => waitForMails(server.config.mail.outboxDir, email, count);

describe("VAPID keys", () => {
  it("are generated once into the data directory, readable by its owner only, and kept across starts", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-vapid-"));
    try {
      const first = await resolveVapidKeys(undefined, dir);
      expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect((await stat(path.join(dir, "vapid-keys.json"))).mode & 0o777).toBe(0o600);
      expect(await resolveVapidKeys(undefined, dir)).toEqual(first);
      const configured = { publicKey: `B${"A".repeat(86)}`, privateKey: "a".repeat(43) };
      expect(await resolveVapidKeys(configured, dir)).toEqual(configured);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("are served to the status page from the server's data directory", async () => {
    const key = await server.api.get("/api/public/push_public_key");
    expect(key.status).toBe(200);
    const stored = JSON.parse(await readFile(path.join(server.config.dataDir, "vapid-keys.json"), "utf8"));
    expect(key.body).toEqual({ publicKey: stored.publicKey });
  });

  it("are set in pairs, in their format, with a mailto: or https: subject", () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: `B${"A".repeat(86)}` })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: "a".repeat(43) })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: "http://example.jp" })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({}).push.subject).toBe("mailto:no-reply@pharmacy-reception.local");
    expect(loadConfig({ PUSH_SERVICE_HOSTS: "Push.Example.jp, *.x.jp" }).push.allowlist).toEqual({
      hosts: ["push.example.jp", "*.x.jp"],
      testOrigin: undefined,
    });
    expect(loadConfig({ PUSH_SERVICE_TEST_ORIGIN: "https://localhost:8443/" }).push.allowlist.testOrigin).toBe(
      "https://localhost:8443",
    );
    expect(() => loadConfig({ PUSH_SERVICE_TEST_ORIGIN: "http://localhost:8443" })).toThrow(/PUSH_SERVICE_TEST_ORIGIN/);
  });
});

describe("subscribing to a reception's messages", () => {
  it("takes a browser's subscription until 14 days after the pickup day, and refuses bad ones", async () => {
    const { statusToken, id } = await webReception();
    const good = makeBrowserKeys().subscription(endpoint("good"));
    const created = await subscribe(statusToken, good);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ expiresAt: "2026-06-17T15:00:00.000Z" });

    const bad: unknown[] = [
      { ...good, endpoint: "http://fcm.push.invalid/send/x" },
      { ...good, endpoint: "https://user:pw@fcm.push.invalid/send/x" },
      { ...good, endpoint: "not a url" },
      { ...good, endpoint: `https://fcm.push.invalid/${"a".repeat(2100)}` },
      { ...good, keys: { ...good.keys, p256dh: `B${"A".repeat(86)}` } },
      { ...good, keys: { ...good.keys, auth: "short" } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, expirationTime: null },
      { endpoint: good.endpoint },
      [],
      null,
    ];
    for (const body of bad)
      expect((await subscribe(statusToken, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    // a push service not on the list: the server would be made to call any address
    const elsewhere = await subscribe(statusToken, { ...good, endpoint: "https://169.254.169.254/latest" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.issues[0].path).toEqual(["endpoint"]);

    // the issue's probe: a host the WHATWG URL reads as on the list, which web-push's parser reads as 127.0.0.1
    for (const hostile of [
      "https://127.0.0.1;.push.invalid/x",
      "https://fcm.push.invalid:8443/x",
      "https://fcm.push.invalid\\@127.0.0.1/x",
    ]) {
      expect((await subscribe(statusToken, { ...good, endpoint: hostile })).status, hostile).toBe(400);
    }

    expect((await subscribe("x".repeat(32), good)).status).toBe(404);
    expect((await subscribe("bad token!", good)).status).toBe(400);
    expect(await subscriptionCount(id)).toBe(1);
  });

  it("refuses 300 generated endpoints that smuggle another host, port or scheme past the list; whatever is kept is on it", async () => {
    const { statusToken, id } = await webReception();
    const keys = makeBrowserKeys();
    const endpoints = sampleHostilePushEndpoints("push.invalid", 300, 20);
    for (const hostile of endpoints) {
      const answer = await subscribe(statusToken, keys.subscription(hostile));
      expect([400, 201], hostile).toContain(answer.status);
    }
    // the contract's URL check drops tabs and newlines (WHATWG): what it kept is then a plain name inside the list
    const kept = await server.database.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("reception_id", "=", id)
      .execute();
    for (const { endpoint: stored } of kept)
      expect(
        isAllowedPushEndpoint(stored, { hosts: ["push.invalid", "*.push.invalid"], testOrigin: undefined }),
        stored,
      ).toBe(true);
  });

  it(`holds at most ${MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION} browsers per reception under concurrent requests; the same browser again renews its own`, async () => {
    const { statusToken, id } = await webReception();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        subscribe(statusToken, makeBrowserKeys().subscription(endpoint(`race-${i}`))),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION);
    expect(await subscriptionCount(id)).toBe(MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION);

    const kept = answers.findIndex((answer) => answer.status === 201);
    expect((await subscribe(statusToken, makeBrowserKeys().subscription(endpoint(`race-${kept}`)))).status).toBe(201);
    expect(await subscriptionCount(id)).toBe(MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION);
  });

  it("keeps every subscription and e-mail address past midnight and ends them 14 days after the pickup day (sweep), then takes none", async () => {
    const email = uniqueEmail("visitor");
    const { statusToken, id } = await webReception({ email });
    await subscribe(statusToken, makeBrowserKeys().subscription(endpoint("tonight")));
    const mailRows = () =>
      server.database.db.selectFrom("visitor_mail_addresses").select("email").where("reception_id", "=", id).execute();
    expect(await mailRows()).toHaveLength(1);

    // a marker whose rows end exactly at midnight: the sweep that deletes them would delete ours if they ended then too
    const marker = await webReception({ email: uniqueEmail("marker") });
    await subscribe(marker.statusToken, makeBrowserKeys().subscription(endpoint("marker")));
    const midnight = new Date("2026-06-03T15:00:00Z");
    for (const table of ["push_subscriptions", "visitor_mail_addresses"] as const) {
      await server.database.db
        .updateTable(table)
        .set({ expires_at: midnight })
        .where("reception_id", "=", marker.id)
        .execute();
    }
    const markerMailRows = () =>
      server.database.db
        .selectFrom("visitor_mail_addresses")
        .select("email")
        .where("reception_id", "=", marker.id)
        .execute();

    try {
      server.clock.set(midnight);
      // a sweep deletes subscriptions, then addresses: the marker's address gone means a whole sweep ran
      await vi.waitFor(async () => expect(await markerMailRows()).toHaveLength(0), { timeout: 10_000 });
      expect(await subscriptionCount(marker.id)).toBe(0);
      expect(await subscriptionCount(id)).toBe(1);
      expect(await mailRows()).toHaveLength(1);

      server.clock.set(new Date("2026-06-17T15:00:00Z"));
      const deadline = Date.now() + 10_000;
      while ((await subscriptionCount(id)) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await subscriptionCount(id)).toBe(0);
      expect(await mailRows()).toHaveLength(0);

      const late = await subscribe(statusToken, makeBrowserKeys().subscription(endpoint("too-late")));
      expect(late.status).toBe(409);
    } finally {
      server.clock.set(new Date("2026-06-03T01:00:00Z"));
    }
  });
});

describe("the same messages by e-mail", () => {
  it("mails the address given on the web form when the reception is Completed, called, and asked for a new photo", async () => {
    const email = uniqueEmail("visitor");
    const reception = await webReception({ email: `  ${email.toUpperCase()} ` });
    const number = reception.receptionNumber;
    const link = `${server.baseUrl}/web/status/${reception.statusToken}`;

    await server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: account.idToken,
    });
    const [ready] = await mailsTo(email, 1);
    expect(ready).toContain(`受付番号 ${number}番のお薬の準備ができました。薬局の窓口で受付番号をお伝えください。`);
    expect(ready).toContain(link);
    const [readyEml] = await outboxMails(server.config.mail.outboxDir, email);
    expect(readyEml).toMatch(/^Subject: /m);

    await server.api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    expect((await mailsTo(email, 2))[1]).toContain(
      `受付番号 ${number}番の方、お薬のご用意ができました。お渡し口までお越しください。`,
    );

    await server.api.post(
      `/api/reception/${reception.id}/photo_request`,
      { reason: "Glare", message: "ヤマダ様へ" },
      account.idToken,
    );
    const photo = (await mailsTo(email, 3))[2]!;
    expect(photo).toContain(
      `受付番号 ${number}番：光が反射して読み取れません。受付状況のページから新しい写真を送ってください。`,
    );
    expect(photo).not.toContain("ヤマダ");
    expect(photo).toContain(link);

    // the address never reaches the log
    expect(logLines.join("")).not.toContain(email);
  });

  it("says a delivered reception's medicine is ready without sending the visitor to the counter", async () => {
    const email = uniqueEmail("visitor");
    const reception = await webReception({ email, receiveMethod: "Delivery" });
    await server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: account.idToken,
    });
    expect((await mailsTo(email, 1))[0]).toContain("お届けについては薬局からご連絡します。");
  });

  it("refuses an address that is not one, and mails nobody for a reception without an address", async () => {
    const bad = await sendWebReception(server.api, slug, { email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("メールアドレスは有効なメールアドレスではありません");
    const outboxSize = async () => (await readdir(server.config.mail.outboxDir)).length;
    const before = await outboxSize();
    const reception = await webReception();
    await server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, status: "Completed" },
      token: account.idToken,
    });
    // a later reception's mail as the marker: a mail for the first would have been written before it
    const markerEmail = uniqueEmail("marker");
    const marker = await webReception({ email: markerEmail });
    await server.api.request("PATCH", `/api/reception/${marker.id}`, {
      body: { id: marker.id, status: "Completed" },
      token: account.idToken,
    });
    await mailsTo(markerEmail, 1);
    expect(await outboxSize()).toBe(before + 1);
  });
});
