import { randomInt } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UPLOAD_QUOTA_FULL_MESSAGE } from "../src/features/public/upload-quota.js";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { handlersStarted } from "./helpers/handler-started.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;

const FIELDS = {
  patientName: "ヤマダ タロウ",
  phone: "09012345678",
  answers: JSON.stringify({ prescriptionType: "Paper", firstVisit: "no", receiveMethod: "Pharmacy" }),
};
const anyAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const photo = (bytes: number) => Buffer.concat([JPEG_BYTES, Buffer.alloc(Math.max(0, bytes - JPEG_BYTES.length), 1)]);

async function newBranch(): Promise<{ account: TestAccount; slug: string }> {
  const account = await makeAccount(server);
  return { account, slug: await openPublicPage(server, account) };
}

async function send(slug: string, photos: Buffer[], address = anyAddress()) {
  const form = new FormData();
  for (const [key, value] of Object.entries(FIELDS)) form.append(key, value);
  form.append("photoConsent", "true");
  for (const bytes of photos) form.append("file", new Blob([bytes], { type: "image/jpeg" }), "p.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": address },
  });
  return { status: response.status, body: (await response.json()) as { issues?: Array<{ message: string }> } };
}

async function storedPhotos(pharmacyId: string) {
  const row = await server.database.db
    .selectFrom("files")
    .select((eb) => [eb.fn.countAll<string>().as("n"), eb.fn.sum<string>("byte_size").as("bytes")])
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirstOrThrow();
  return { files: Number(row.n), bytes: Number(row.bytes ?? 0) };
}

beforeAll(async () => {
  server = await startTestServer({
    PUBLIC_UPLOAD_DAILY_FILES: "5",
    PUBLIC_UPLOAD_DAILY_MB: "1",
    BODY_TIMEOUT_SECONDS: "30",
  });
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
});
afterAll(() => server.close());

describe("a branch's daily quota of public photos", () => {
  it("takes photos up to the count, then refuses more with a Japanese message but still takes receptions without photos", async () => {
    const { account, slug } = await newBranch();
    expect((await send(slug, [photo(1000), photo(1000), photo(1000)])).status).toBe(201);
    const over = await send(slug, [photo(1000), photo(1000), photo(1000)]);
    expect(over.status).toBe(400);
    expect(over.body.issues).toEqual([expect.objectContaining({ path: ["file"], message: UPLOAD_QUOTA_FULL_MESSAGE })]);
    expect((await send(slug, [photo(1000), photo(1000)])).status).toBe(201);
    expect((await send(slug, [photo(1000)])).body.issues?.[0]?.message).toBe(UPLOAD_QUOTA_FULL_MESSAGE);
    const noPhoto = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
      method: "POST",
      body: (() => {
        const form = new FormData();
        form.append("patientName", FIELDS.patientName);
        form.append("phone", FIELDS.phone);
        form.append("answers", JSON.stringify({ prescriptionType: "Electronic", receiveMethod: "Pharmacy" }));
        return form;
      })(),
      headers: { "x-forwarded-for": anyAddress() },
    });
    expect(noPhoto.status).toBe(201);
    expect(await storedPhotos(account.user.pharmacyId)).toEqual({ files: 5, bytes: 5000 });
  });

  it("counts bytes too, and starts again the next business day", async () => {
    const { account, slug } = await newBranch();
    expect((await send(slug, [photo(600_000)])).status).toBe(201);
    expect((await send(slug, [photo(600_000)])).body.issues?.[0]?.message).toBe(UPLOAD_QUOTA_FULL_MESSAGE);
    server.clock.advance(24 * 60 * 60_000);
    try {
      expect((await send(slug, [photo(600_000)])).status).toBe(201);
    } finally {
      server.clock.advance(-24 * 60 * 60_000);
    }
    expect((await storedPhotos(account.user.pharmacyId)).files).toBe(2);
  });

  it("holds when twelve phones send at once: five photos in, no more", async () => {
    const { account, slug } = await newBranch();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(slug, [photo(2000)])));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.issues?.[0]?.message === UPLOAD_QUOTA_FULL_MESSAGE)).toHaveLength(7);
    expect(await storedPhotos(account.user.pharmacyId)).toEqual({ files: 5, bytes: 10_000 });
  });

  it("refuses an endless upload while it streams, once it passes what is left today", async () => {
    const { slug } = await newBranch();
    const head = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    const endless = new ReadableStream({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        controller.enqueue(Buffer.alloc(64 * 1024, 1));
      },
    });
    const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b", "x-forwarded-for": anyAddress() },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: Array<{ message: string }> }).issues[0]?.message).toBe(
      UPLOAD_QUOTA_FULL_MESSAGE,
    );
  });
});

describe("sends in progress per address", () => {
  /** Starts a send whose body is never finished; `end()` drops it. */
  function openSend(slug: string, address: string) {
    const { port } = new URL(server.baseUrl);
    const request = http.request({
      port: Number(port),
      host: "127.0.0.1",
      method: "POST",
      path: `/api/public/pharmacy/${slug}/reception`,
      headers: {
        "content-type": "multipart/form-data; boundary=b",
        "x-forwarded-for": address,
        "content-length": "100000",
      },
    });
    request.on("error", () => undefined);
    request.write('--b\r\nContent-Disposition: form-data; name="patientName"\r\n\r\n');
    return { end: () => request.destroy() };
  }

  it("are at most two: a third is refused at once with a Japanese 429, and a slot frees when one ends", async () => {
    const { slug } = await newBranch();
    const address = anyAddress();
    const bothOpen = handlersStarted(2, (request) => request.ip === address);
    const first = openSend(slug, address);
    const second = openSend(slug, address);
    await bothOpen;
    const third = await send(slug, [photo(1000)], address);
    expect(third.status).toBe(429);
    expect((third.body as { message: string }).message).toMatch(/送信中の受付があります/);
    expect((await send(slug, [photo(1000)], anyAddress())).status).toBe(201);
    first.end();
    second.end();
    await vi.waitFor(async () => expect((await send(slug, [photo(1000)], address)).status).toBe(201), {
      timeout: 30_000,
      interval: 300,
    });
  });
});
