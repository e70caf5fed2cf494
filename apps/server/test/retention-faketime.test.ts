import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { ApiClient } from "./helpers/api-client.js";
import { makeAccount, type TestAccount } from "./helpers/factories.js";
import type { TestServer } from "./helpers/server.js";

/**
 * docs/rules.md#records-kept-and-deleted on the real server process with the operating system's clock moved
 * by libfaketime (Debian's): no ManualClock, the sweep reads the time and runs on its timer as in production.
 * The clock is read from a file the test rewrites (FAKETIME_TIMESTAMP_FILE), so it jumps 90 days while the
 * process runs. A photo handed over at 08:30 JST on 2026-11-26 (23:30 UTC the day before) is there at
 * 23:00 JST on day 90 and gone at 00:30 JST on day 91; its twin of the day before proves a sweep ran.
 */
const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
let dir: string;
let clockFile: string;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let api: ApiClient;

/**
 * Moves the server's clock and waits until the server answers at the new time (its `Date` header): a
 * fixed wait for libfaketime to read the file again was too short on a loaded machine, and a sign-in
 * still at the old time gave a token already expired at the new one (401 on every later call).
 */
async function setClock(utc: string): Promise<void> {
  // written whole, then renamed over: libfaketime never reads a half-written file
  await writeFile(`${clockFile}.next`, `@${utc}\n`);
  await rename(`${clockFile}.next`, clockFile);
  const wanted = Date.parse(`${utc}Z`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answered = Date.parse((await fetch(`${server.baseUrl}/healthz`)).headers.get("date") ?? "");
    if (answered >= wanted - 1000 && answered < wanted + 60_000) return;
    if (Date.now() > deadline)
      throw new Error(`the server's clock is at ${new Date(answered).toISOString()}, not ${utc}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "retention-faketime-"));
  clockFile = path.join(dir, "faketime");
  await writeFile(clockFile, "@2026-11-24 23:30:00\n");
  server = await startServerProcess(
    {
      TZ: "UTC",
      DATABASE_URL: inject("databaseUrl") ?? "",
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: clockFile,
      FAKETIME_CACHE_DURATION: "1",
      // timers keep the real pace; only the wall clock jumps
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
      RETENTION_SWEEP_SECONDS: "1",
    },
    dir,
  );
  api = new ApiClient(server.baseUrl);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function signIn(account: TestAccount): Promise<void> {
  const signedIn = await api.post("/auth/sign_in", { email: account.email, password: account.password });
  expect(signedIn.status).toBe(200);
  Object.assign(account, signedIn.body);
}

async function handedOverPhoto(account: TestAccount): Promise<string> {
  const reception = await api.post("/api/reception", undefined, account.idToken);
  const form = new FormData();
  form.append("receptionId", reception.body.id);
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "a.jpg");
  const upload = await fetch(`${server.baseUrl}/api/file`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.idToken}`, "x-forwarded-for": api.clientIp },
    body: form,
  });
  expect(upload.status).toBe(201);
  const fileId = ((await upload.json()) as { file: { id: string } }).file.id;
  const id = reception.body.id as string;
  const token = account.idToken;
  expect(
    (await api.request("PATCH", `/api/reception/${id}`, { body: { id, status: "Completed" }, token })).status,
  ).toBe(200);
  expect((await api.post(`/api/reception/${id}/hand_over`, undefined, token)).status).toBe(200);
  return fileId;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
}

const photoStatus = async (account: TestAccount, fileId: string) =>
  (await api.get(`/api/file/${fileId}`, account.idToken)).status;

describe("a handed-over reception's photo, on the server's own clock (faketime)", () => {
  it("is there all of day 90 and gone on day 91 in the 00:00-09:00 JST window", async () => {
    const asTestServer = { api, config: { mail: { outboxDir: path.join(dir, "outbox") } } } as unknown as TestServer;
    const account = await makeAccount(asTestServer);
    const twin = await handedOverPhoto(account);
    await setClock("2026-11-25 23:30:00");
    await signIn(account);
    const photo = await handedOverPhoto(account);
    const handedOverOn = (await api.get("/api/reception?date=2026-11-26", account.idToken)).body.receptions[0];
    expect(handedOverOn.receptionDate).toBe("2026-11-26");

    await setClock("2027-02-24 14:00:00");
    await signIn(account);
    await until(async () => (await photoStatus(account, twin)) === 404);
    expect(await photoStatus(account, twin)).toBe(404);
    expect(await photoStatus(account, photo)).toBe(200);

    await setClock("2027-02-24 15:30:00");
    await signIn(account);
    await until(async () => (await photoStatus(account, photo)) === 404);
    expect(await photoStatus(account, photo)).toBe(404);
    const audit = await api.get("/api/audit?action=retention.swept", account.idToken);
    expect(audit.body.rows.map((row: { detail: string }) => row.detail)).toEqual([
      "お渡し済み受付の写真とコードの読取データ 1件（保存期間 90日）",
      "お渡し済み受付の写真とコードの読取データ 1件（保存期間 90日）",
    ]);
  });
});
