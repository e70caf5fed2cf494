import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PutObjectCommand, DeleteObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { deleteStoredFiles } from "../src/features/files/file-deletion.js";
import { fileStoresOf } from "../src/features/files/file-store.js";
import type { Work } from "../src/live/unit-of-work.js";
import { makeAccount, openPublicPage, uploadFile, type TestAccount } from "./helpers/factories.js";
import { objectExists, startS3StandIn } from "./helpers/s3-stand-in.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

const BUCKET = "pharmacy-photos";
const jwtSecret = randomBytes(32).toString("hex");
let bucket: Awaited<ReturnType<typeof startS3StandIn>>;
let s3: S3Client;
let first: TestServer;
let second: Awaited<ReturnType<typeof startServerProcess>>;
let account: TestAccount;
let env: Record<string, string>;
let dropDatabase = async () => {};
/** Set once the last case stopped both servers for a restore. */
let serversStopped = false;

beforeAll(async () => {
  bucket = await startS3StandIn(BUCKET);
  s3 = new S3Client(bucket.clientSettings);
  const scratch = await createScratchDatabase(inject("databaseUrl")!, "pharmacy_bucket_files");
  dropDatabase = scratch.drop;
  env = { DATABASE_URL: scratch.url, JWT_SECRET: jwtSecret, ...bucket.env };
  first = await startTestServer(env);
  // the other process runs on the real clock: tokens must be valid now
  first.clock.set(new Date());
  second = await startServerProcess(env);
  account = await makeAccount(first);
  // a second server process starts in tsx: slow on a loaded CI machine
}, 180_000);
afterAll(async () => {
  if (!serversStopped) {
    await second?.stop();
    await first?.close();
  }
  s3?.destroy();
  await dropDatabase();
  await bucket?.close();
});

const photo = (background: string) =>
  sharp({ create: { width: 1000, height: 750, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function upload(baseUrl: string, bytes: Buffer) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "image/jpeg" }), "photo.jpg");
  const response = await fetch(`${baseUrl}/api/file`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.idToken}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { file: { id: string } } & Record<string, unknown>,
  };
}

const fileAt = (baseUrl: string, url: string) =>
  fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${account.idToken}` } });
const bytesAt = async (baseUrl: string, url: string) => Buffer.from(await (await fileAt(baseUrl, url)).arrayBuffer());

const inBucket = (key: string) => objectExists(s3, BUCKET, key);

const fileRow = (id: string) =>
  first.database.db
    .selectFrom("files")
    .select(["on_disk", "in_bucket", "data", "thumbnail", "pharmacy_id"])
    .where("id", "=", id)
    .executeTakeFirst();

/** Waits (bounded) for something done after a commit or at start in the background. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe("photos in an S3 bucket", () => {
  it("two processes on one PostgreSQL and one bucket store photos and thumbnails there and read each other's", async () => {
    const fromFirst = await photo("#336699");
    const fromSecond = await photo("#996633");
    const firstUpload = await upload(first.baseUrl, fromFirst);
    const secondUpload = await upload(second.baseUrl, fromSecond);
    expect([firstUpload.status, secondUpload.status]).toEqual([201, 201]);
    const [firstId, secondId] = [firstUpload.body.file.id, secondUpload.body.file.id];

    expect(await bytesAt(second.baseUrl, `/api/file/${firstId}`)).toEqual(fromFirst);
    expect(await bytesAt(first.baseUrl, `/api/file/${secondId}`)).toEqual(fromSecond);
    const thumbnail = await fileAt(second.baseUrl, `/api/file/${firstId}/thumbnail`);
    expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(480);

    // the bytes are in the bucket alone, under the branch's id
    const row = (await fileRow(firstId))!;
    expect(row).toMatchObject({ on_disk: false, in_bucket: true, data: null, thumbnail: null });
    expect(await inBucket(`${row.pharmacy_id}/${firstId}`)).toBe(true);
    expect(await inBucket(`${row.pharmacy_id}/${firstId}.thumb.jpg`)).toBe(true);
    expect(await inBucket(`${row.pharmacy_id}/${secondId}`)).toBe(true);
  });

  it("deletes a file's objects once its rows' transaction commits, and none when it rolls back", async () => {
    const keptPhoto = await photo("#112233");
    const kept = (await upload(first.baseUrl, keptPhoto)).body.file.id;
    const deleted = (await upload(first.baseUrl, await photo("#445566"))).body.file.id;
    const branch = (await fileRow(deleted))!.pharmacy_id;
    const stores = fileStoresOf(first.database, first.config);
    const inTransaction = async (ids: string[], rollBack: boolean) => {
      const tasks: Array<() => void | Promise<void>> = [];
      await first.database.db
        .transaction()
        .execute(async (trx) => {
          const work: Work = { db: trx, announce: () => {}, afterCommit: (task) => tasks.push(task) };
          expect(await deleteStoredFiles(work, stores, ids, console)).toBe(1);
          if (rollBack) throw new Error("rolled back");
        })
        .catch((error: Error) => expect(error.message).toBe("rolled back"));
      if (!rollBack) for (const task of tasks) await task();
    };

    await inTransaction([kept], true);
    expect(await fileRow(kept)).toBeDefined();
    expect(await inBucket(`${branch}/${kept}`)).toBe(true);

    await inTransaction([deleted], false);
    expect(await fileRow(deleted)).toBeUndefined();
    expect(await eventually(async () => !(await inBucket(`${branch}/${deleted}`)))).toBe(true);
    expect(await inBucket(`${branch}/${deleted}.thumb.jpg`)).toBe(false);
    expect((await fileAt(second.baseUrl, `/api/file/${deleted}`)).status).toBe(404);
    expect(await bytesAt(second.baseUrl, `/api/file/${kept}`)).toEqual(keptPhoto);
  });

  it("a starting server sweeps objects no row names that are over an hour old, and keeps the rest", async () => {
    const known = (await upload(first.baseUrl, await photo("#778899"))).body.file.id;
    const branch = (await fileRow(known))!.pharmacy_id;
    const [abandoned, young] = [randomUUID(), randomUUID()];
    for (const key of [`${branch}/${abandoned}`, `${branch}/${abandoned}.thumb.jpg`, `${branch}/${young}`])
      await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.from("left by a crash") }));
    // not a key the store writes: an operator's own object stays whatever its age
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: "README.txt", Body: Buffer.from("notes") }));
    const twoHours = 2 * 60 * 60 * 1000;
    for (const key of [
      `${branch}/${abandoned}`,
      `${branch}/${abandoned}.thumb.jpg`,
      `${branch}/${known}`,
      "README.txt",
    ])
      await bucket.age(key, twoHours);

    const third = await startTestServer(env);
    try {
      expect(await eventually(async () => !(await inBucket(`${branch}/${abandoned}`)))).toBe(true);
      expect(await eventually(async () => !(await inBucket(`${branch}/${abandoned}.thumb.jpg`)))).toBe(true);
    } finally {
      await third.close();
    }
    expect(await inBucket(`${branch}/${young}`)).toBe(true);
    expect(await inBucket(`${branch}/${known}`)).toBe(true);
    expect(await inBucket("README.txt")).toBe(true);
  });

  it("a photo whose object is gone answers a clear 404, not a 500, and opens again once it is back", async () => {
    const bytes = await photo("#aa5500");
    const id = (await upload(first.baseUrl, bytes)).body.file.id;
    const branch = (await fileRow(id))!.pharmacy_id;
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${branch}/${id}` }));
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${branch}/${id}.thumb.jpg` }));
    for (const url of [`/api/file/${id}`, `/api/file/${id}/thumbnail`]) {
      const response = await fileAt(second.baseUrl, url);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        errorCode: ErrorCode.FileBytesMissing,
        message: ERROR_CODE_MESSAGES[ErrorCode.FileBytesMissing],
      });
    }
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${branch}/${id}`, Body: bytes }));
    expect(await bytesAt(first.baseUrl, `/api/file/${id}`)).toEqual(bytes);
  });

  it("a bucket that is down: staff hear it clearly, a visitor's web reception is kept and asks for the photos again", async () => {
    const before = (await upload(first.baseUrl, await photo("#0055aa"))).body.file.id;
    const slug = await openPublicPage(first, account);
    const filesBefore = await first.database.db
      .selectFrom("files")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    await bucket.stop();
    try {
      const refused = await upload(first.baseUrl, await photo("#00aa55"));
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        errorCode: ErrorCode.FileStoreUnavailable,
        message: ERROR_CODE_MESSAGES[ErrorCode.FileStoreUnavailable],
      });
      for (const url of [`/api/file/${before}`, `/api/file/${before}/thumbnail`]) {
        const response = await fileAt(second.baseUrl, url);
        expect(response.status).toBe(503);
        expect(((await response.json()) as { errorCode: number }).errorCode).toBe(ErrorCode.FileStoreUnavailable);
      }

      const sent = await sendWebReception(first.api, slug);
      expect(sent.status).toBe(201);
      const status = await first.api.get(`/api/public/reception/${sent.body.statusToken}`);
      expect(status.body.photoRequest).toMatchObject({ reason: "Other" });
      expect(status.body.photoRequest.message).toContain("写真をもう一度送ってください");
      const receptionId = await receptionIdOf(
        first.api,
        account.idToken,
        sent.body.receptionNumber,
        sent.body.receptionDate,
      );
      const detail = await first.api.get(`/api/reception/${receptionId}`, account.idToken);
      expect(detail.body.photoRequest).toMatchObject({ reason: "Other" });
      expect(detail.body.prescriptions).toEqual([]);
      // nothing half-stored: no file row came of either upload
      const filesAfter = await first.database.db
        .selectFrom("files")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(filesAfter.n).toBe(filesBefore.n);
    } finally {
      await bucket.start();
    }
    // back up: the same photo opens again, and the visitor's photos arrive through the status page
    expect((await fileAt(second.baseUrl, `/api/file/${before}`)).status).toBe(200);
    expect((await uploadFile(first, account, await photo("#00aa55"))).status).toBe(201);
  });
});

const run = promisify(execFile);

/** `npm run backup` / `npm run restore` as an operator runs them, with this test's database and bucket. */
function operatorCommand(command: "backup" | "restore", file: string, dataDir: string) {
  return run(process.execPath, ["--import", "tsx", "src/backup.ts", command, file], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, DATA_DIR: dataDir, ...env },
  });
}

describe("backup and restore with photos in a bucket", () => {
  it(
    "the backup names the bucket's photos and says to version the bucket; a restore names photos the bucket lost",
    { timeout: 300_000 },
    async () => {
      const photoBytes = await photo("#5500aa");
      const id = (await upload(first.baseUrl, photoBytes)).body.file.id;
      const key = `${(await fileRow(id))!.pharmacy_id}/${id}`;
      const { count } = await first.database.db
        .selectFrom("files")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("in_bucket", "=", true)
        .executeTakeFirstOrThrow();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-bucket-backup-"));
      try {
        const file = path.join(dataDir, "backup.dump");
        const backup = await operatorCommand("backup", file, dataDir);
        expect(backup.stdout).toContain(`${count} photos are in the S3 bucket ${BUCKET}`);
        expect(backup.stdout).toContain("Keep the bucket versioned");

        // the restore replaces every table: the servers stop first, as the operator's guide says
        serversStopped = true;
        await second.stop();
        await first.close();
        await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
        const refused = await operatorCommand("restore", file, dataDir).then(
          () => undefined,
          (error: { code: number; stderr: string }) => error,
        );
        expect(refused?.code).toBe(1);
        expect(refused?.stderr).toContain(`1 of ${count} restored photos are not in the S3 bucket ${BUCKET}: ${key}.`);

        // brought back (from the bucket's versions): the restore passes and says so
        await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: photoBytes }));
        const restored = await operatorCommand("restore", file, dataDir);
        expect(restored.stdout).toContain(`Every restored photo kept in the S3 bucket ${BUCKET} is there.`);
        const server = await startServerProcess(env);
        try {
          const signIn = await fetch(`${server.baseUrl}/auth/sign_in`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: account.email, password: account.password }),
          });
          const { idToken } = (await signIn.json()) as { idToken: string };
          const opened = await fetch(`${server.baseUrl}/api/file/${id}`, {
            headers: { authorization: `Bearer ${idToken}` },
          });
          expect(Buffer.from(await opened.arrayBuffer())).toEqual(photoBytes);
        } finally {
          await server.stop();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
