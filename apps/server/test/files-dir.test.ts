import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { buildApp } from "../src/app.js";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { restartTestServer, startTestServer, type TestServer } from "./helpers/server.js";

let filesDir: string;
let server: TestServer;
let account: TestAccount;
let dropDatabase = async () => {};
beforeAll(async () => {
  filesDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-files-dir-"));
  // a database of its own: its rows name files in this folder only
  const suiteDatabase = inject("databaseUrl");
  const scratch = suiteDatabase ? await createScratchDatabase(suiteDatabase, "pharmacy_files_dir") : undefined;
  dropDatabase = scratch?.drop ?? dropDatabase;
  server = await startTestServer({ FILES_DIR: filesDir, ...(scratch && { DATABASE_URL: scratch.url }) });
  account = await makeAccount(server);
});
afterAll(async () => {
  await server?.close();
  await dropDatabase();
  await rm(filesDir, { recursive: true, force: true });
});

const embedded = () => server.database.engine === "pglite";
const branchDir = () => path.join(filesDir, account.user.pharmacyId);
const get = (url: string) =>
  fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${account.idToken}` } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

function fileRow(id: string) {
  return server.database.db
    .selectFrom("files")
    .select(["data", "thumbnail", "on_disk", "has_thumbnail"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("FILES_DIR", () => {
  it("holds new photos' bytes and thumbnails, none in the database, served whole", async () => {
    const bytes = await photo(1600, 1200);
    const upload = await uploadFile(server, account, bytes);
    expect(upload.status).toBe(201);
    const id = upload.body.file.id as string;
    expect(await fileRow(id)).toMatchObject({ data: null, thumbnail: null, on_disk: true, has_thumbnail: true });
    expect((await readFile(path.join(branchDir(), id))).equals(bytes)).toBe(true);
    expect(await readdir(branchDir())).toContain(`${id}.thumb.jpg`);

    const original = await get(`/api/file/${id}`);
    expect(original.headers.get("content-length")).toBe(String(bytes.length));
    expect((await bytesOf(original)).equals(bytes)).toBe(true);
    const thumbnail = await get(`/api/file/${id}/thumbnail`);
    expect(await sharp(await bytesOf(thumbnail)).metadata()).toMatchObject({ format: "jpeg", width: 480, height: 360 });
  });

  it("keeps them across a restart, a deleted reception's photo too (kept for the audit log), and still opens bytes stored in the database before", async () => {
    const bytes = await photo(1200, 900);
    const reception = await makeReception(server, account);
    const uploaded = (await uploadFile(server, account, bytes, { receptionId: reception.id })).body.file.id as string;
    expect(
      (await server.api.request("DELETE", `/api/reception/${reception.id}`, { token: account.idToken })).status,
    ).toBe(204);
    // a photo kept in the database before FILES_DIR was set
    const earlier = randomUUID();
    await server.database.db
      .insertInto("files")
      .values({
        id: earlier,
        pharmacy_id: account.user.pharmacyId,
        content_type: "image/jpeg",
        byte_size: bytes.length,
        data: bytes,
        thumbnail: null,
        created_at: new Date(),
      })
      .execute();

    await restartTestServer(server);

    expect((await bytesOf(await get(`/api/file/${uploaded}`))).equals(bytes)).toBe(true);
    expect((await bytesOf(await get(`/api/file/${earlier}`))).equals(bytes)).toBe(true);
    // the embedded database moves such bytes into the folder after its start (a stop waits for it); PostgreSQL leaves them where they are
    await restartTestServer(server);
    expect(await fileRow(earlier)).toMatchObject(embedded() ? { data: null, on_disk: true } : { on_disk: false });
    if (embedded()) expect((await readFile(path.join(branchDir(), earlier))).equals(bytes)).toBe(true);
    expect((await bytesOf(await get(`/api/file/${earlier}`))).equals(bytes)).toBe(true);
  });

  it("is swept at start of what no row names; a folder other processes write to keeps what may be their upload in flight", async () => {
    await makeReception(server, account);
    const recent = randomUUID();
    const old = randomUUID();
    await writeFile(path.join(branchDir(), recent), "no row names it");
    await writeFile(path.join(branchDir(), old), "no row names it");
    await writeFile(path.join(branchDir(), "notes.txt"), "not the store's");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(branchDir(), old), twoHoursAgo, twoHoursAgo);

    await restartTestServer(server);

    const names = await readdir(branchDir());
    expect(names).not.toContain(old);
    expect(names).toContain("notes.txt");
    // one embedded process has nothing in flight at its start; PostgreSQL's processes share the folder
    if (embedded()) expect(names).not.toContain(recent);
    else expect(names).toContain(recent);
  });

  it("must name the folder the photos are in: a start elsewhere (a share not mounted) or without it is refused", async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), "pharmacy-files-dir-empty-"));
    try {
      const start = (filesDirSetting: string | undefined) =>
        buildApp({
          config: { ...server.config, filesDir: filesDirSetting },
          database: server.database,
          jwtSecret: server.jwtSecret,
          clock: server.clock,
        });
      await expect(start(elsewhere)).rejects.toThrow(`Stored photos are not in ${elsewhere}: set FILES_DIR`);
      await expect(start(undefined)).rejects.toThrow(
        embedded() ? /Stored photos are not in .*files: set FILES_DIR/ : /FILES_DIR is not set/,
      );
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
