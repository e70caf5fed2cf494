import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { makeAccount, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const jwtSecret = randomBytes(32).toString("hex");
let filesDir: string;
let first: TestServer;
let second: Awaited<ReturnType<typeof startServerProcess>>;
let account: TestAccount;
let dropDatabase = async () => {};

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-shared-files-"));
  const scratch = await createScratchDatabase(inject("databaseUrl")!, "pharmacy_shared_files");
  dropDatabase = scratch.drop;
  const env = { DATABASE_URL: scratch.url, FILES_DIR: filesDir, JWT_SECRET: jwtSecret };
  first = await startTestServer(env);
  // the other process runs on the real clock: tokens must be valid now
  first.clock.set(new Date());
  second = await startServerProcess(env);
  account = await makeAccount(first);
});
afterAll(async () => {
  await second?.stop();
  await first?.close();
  await dropDatabase();
  await rm(filesDir, { recursive: true, force: true });
});

async function upload(baseUrl: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${baseUrl}/api/file`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.idToken}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { file: { id: string } }).file.id;
}

const opened = async (baseUrl: string, url: string) =>
  Buffer.from(
    await (await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${account.idToken}` } })).arrayBuffer(),
  );

describe("two server processes on one PostgreSQL sharing FILES_DIR", () => {
  it("open each other's photos and thumbnails", async () => {
    const photo = (background: string) =>
      sharp({ create: { width: 1000, height: 750, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const fromFirst = await photo("#336699");
    const fromSecond = await photo("#996633");
    const firstId = await upload(first.baseUrl, fromFirst);
    const secondId = await upload(second.baseUrl, fromSecond);

    expect((await opened(second.baseUrl, `/api/file/${firstId}`)).equals(fromFirst)).toBe(true);
    expect((await opened(first.baseUrl, `/api/file/${secondId}`)).equals(fromSecond)).toBe(true);
    expect((await sharp(await opened(second.baseUrl, `/api/file/${firstId}/thumbnail`)).metadata()).width).toBe(480);
    const rows = await first.database.db
      .selectFrom("files")
      .select(["on_disk", "data"])
      .where("id", "in", [firstId, secondId])
      .execute();
    expect(rows).toEqual([
      { on_disk: true, data: null },
      { on_disk: true, data: null },
    ]);
  });
});
