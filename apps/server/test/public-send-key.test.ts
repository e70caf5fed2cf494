import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/**
 * A web reception's Idempotency-Key: the phone closed 250 ms after 「この内容で受付する」 never learns its
 * number; the page sends again with the same key and must get the same reception, never a second.
 */
let server: TestServer;
let account: TestAccount;
let slug: string;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_SEND_CONCURRENCY: "10", PUBLIC_SEND_LIMIT_PER_MINUTE: "100" });
  // a Wednesday, 10:00 in Tokyo
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
});
afterAll(() => server.close());

async function send(sendKey: string | undefined, { name = "ヤマダ タロウ", photos = 1, target = slug } = {}) {
  const form = new FormData();
  form.append("patientName", name);
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  for (let i = 0; i < photos; i++) form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${target}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp, ...(sendKey && { "idempotency-key": sendKey }) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function count(table: "receptions" | "files") {
  const row = await server.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("pharmacy_id", "=", account.user.pharmacyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function photosTakenToday() {
  const row = await server.database.db
    .selectFrom("public_upload_quota")
    .select("files")
    .where("pharmacy_id", "=", account.user.pharmacyId)
    .executeTakeFirst();
  return row?.files ?? 0;
}

describe("a web reception sent again with its Idempotency-Key", () => {
  it("answers the reception the key made (200, same number and link), with another body too, taking no photo quota", async () => {
    const key = randomUUID();
    const first = await send(key);
    expect(first.status).toBe(201);
    const [receptions, files, taken] = [await count("receptions"), await count("files"), await photosTakenToday()];

    const again = await send(key);
    expect(again).toEqual({ status: 200, body: first.body });
    // a later try with other answers is the same send: the first reception stands
    const changed = await send(key, { name: "スズキ ハナコ", photos: 3 });
    expect(changed).toEqual({ status: 200, body: first.body });
    expect([await count("receptions"), await count("files"), await photosTakenToday()]).toEqual([
      receptions,
      files,
      taken,
    ]);

    // the page that never got the answer can ask for it
    const asked = await server.api.get(`/api/public/pharmacy/${slug}/reception/${key}`);
    expect(asked).toMatchObject({ status: 200, body: first.body });
    expect((await server.api.get(`/api/public/pharmacy/${slug}/reception/${randomUUID()}`)).status).toBe(404);
    expect((await server.api.get(`/api/public/pharmacy/${slug}/reception/not-a-uuid`)).status).toBe(400);

    // a send without a key is a new reception each time, as before
    expect((await send(undefined)).status).toBe(201);
    expect((await send(undefined)).status).toBe(201);
    expect(await count("receptions")).toBe(receptions + 2);
  });

  it("refuses a key that is not a UUID, reading nothing", async () => {
    const before = await count("receptions");
    const bad = await send("123");
    expect(bad.status).toBe(400);
    expect(await count("receptions")).toBe(before);
  });

  it("makes one reception of simultaneous sends with one key, all answered with it", async () => {
    const key = randomUUID();
    const before = await count("receptions");
    const taken = await photosTakenToday();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(key)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.statusToken)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.receptionNumber)).size).toBe(1);
    expect(await count("receptions")).toBe(before + 1);
    // the photos of the sends that lost are given back
    expect(await photosTakenToday()).toBe(taken + 1);
  });

  it("is the branch's own: another branch's page makes its own reception with the same key", async () => {
    const key = randomUUID();
    const other = await makeAccount(server);
    const otherSlug = await openPublicPage(server, other);
    const here = await send(key);
    const there = await send(key, { target: otherSlug });
    expect([here.status, there.status]).toEqual([201, 201]);
    expect(there.body.statusToken).not.toBe(here.body.statusToken);
  });

  it("forgets a key after 24 hours: the same key then makes a new reception", async () => {
    const key = randomUUID();
    const first = await send(key);
    server.clock.set(new Date("2026-06-04T00:59:00Z"));
    expect((await send(key)).body).toEqual(first.body);
    server.clock.set(new Date("2026-06-04T01:00:00Z"));
    const later = await send(key);
    expect(later.status).toBe(201);
    expect(later.body.statusToken).not.toBe(first.body.statusToken);
    expect((await server.api.get(`/api/public/pharmacy/${slug}/reception/${key}`)).body).toEqual(later.body);
    server.clock.set(new Date("2026-06-03T01:00:00Z"));
  });
});
