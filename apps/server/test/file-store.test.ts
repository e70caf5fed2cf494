import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import path from "node:path";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { DiskFileStore } from "../src/features/files/disk-store.js";
import { knownFileIds } from "../src/features/files/repository.js";
import { makeAccount, makeReception, uploadFile } from "./helpers/factories.js";
import { serverWithAccountPerFile } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();
const embedded = () => ctx.server.database.engine === "pglite";
const branchDir = () => path.join(ctx.server.config.dataDir, "files", ctx.account.user.pharmacyId);
const auth = () => ({ authorization: `Bearer ${ctx.account.idToken}` });
const get = (url: string) => fetch(`${ctx.server.baseUrl}${url}`, { headers: auth() });

/** A real photo-sized JPEG (noise does not compress). */
const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

function fileRow(id: string) {
  return ctx.server.database.db
    .selectFrom("files")
    .select(["data", "on_disk", "has_thumbnail", "byte_size"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function namesOnDisk(): Promise<string[]> {
  return existsSync(branchDir()) ? (await readdir(branchDir())).sort() : [];
}

describe("where stored bytes live", () => {
  it("keeps them on disk with the embedded database and in PostgreSQL otherwise, and serves them whole with no-store", async () => {
    const bytes = await photo(1600, 1200);
    const upload = await uploadFile(ctx.server, ctx.account, bytes);
    expect(upload.status).toBe(201);
    const id = upload.body.file.id as string;
    const row = await fileRow(id);
    if (embedded()) {
      expect(row).toMatchObject({ data: null, on_disk: true, has_thumbnail: true });
      expect((await readFile(path.join(branchDir(), id))).equals(bytes)).toBe(true);
    } else {
      expect(row).toMatchObject({ on_disk: false, has_thumbnail: true });
      expect(Buffer.from(row.data!).equals(bytes)).toBe(true);
    }
    const response = await get(`/api/file/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("leaves no bytes behind when the transaction that would record them fails", async () => {
    const before = await namesOnDisk();
    const upload = await uploadFile(ctx.server, ctx.account, await photo(800, 600), { receptionId: randomUUID() });
    expect(upload.status).toBe(404);
    expect(await namesOnDisk()).toEqual(before);
  });

  it("sweeps what no committed row names (a crash between writing and committing), and keeps the rest", async () => {
    const root = path.join(ctx.server.config.dataDir, "sweep-test");
    const store = new DiskFileStore(root);
    const kept = (await uploadFile(ctx.server, ctx.account, JPEG_BYTES)).body.file.id as string;
    const orphan = randomUUID();
    await store.put({ pharmacyId: ctx.account.user.pharmacyId, id: kept, data: JPEG_BYTES, thumbnail: JPEG_BYTES });
    await store.put({ pharmacyId: ctx.account.user.pharmacyId, id: orphan, data: JPEG_BYTES, thumbnail: undefined });
    await writeFile(path.join(root, ctx.account.user.pharmacyId, `${kept}.${randomUUID()}.partial`), "cut off");
    expect(await store.sweep((ids) => knownFileIds(ctx.server.database.db, ids))).toBe(2);
    expect((await readdir(path.join(root, ctx.account.user.pharmacyId))).sort()).toEqual(
      [kept, `${kept}.thumb.jpg`].sort(),
    );
  });
});

describe("thumbnails", () => {
  it("are made once at upload: an upright JPEG at most 480 px on its long side, served with the same headers", async () => {
    const upload = await uploadFile(ctx.server, ctx.account, await photo(3000, 2000));
    const response = await get(`/api/file/${upload.body.file.id}/thumbnail`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    const thumbnail = Buffer.from(await response.arrayBuffer());
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: "jpeg", width: 480, height: 320 });
  });

  it.each([
    ["a PDF", Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(64, 7)]), "application/pdf"],
    ["bytes that only start like a JPEG", JPEG_BYTES, "image/jpeg"],
  ])("of %s, which has none, answer with the file itself", async (_name, bytes, contentType) => {
    const upload = await uploadFile(ctx.server, ctx.account, bytes);
    expect(upload.status).toBe(201);
    const response = await get(`/api/file/${upload.body.file.id}/thumbnail`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(contentType);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("are another branch's 404, like a missing file, and a bad id is a 400", async () => {
    const upload = await uploadFile(ctx.server, ctx.account, await photo(600, 400));
    const other = await makeAccount(ctx.server);
    const foreign = await fetch(`${ctx.server.baseUrl}/api/file/${upload.body.file.id}/thumbnail`, {
      headers: { authorization: `Bearer ${other.idToken}` },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: expect.any(String) });
    expect((await get(`/api/file/${randomUUID()}/thumbnail`)).status).toBe(404);
    expect((await get(`/api/file/not-an-id/thumbnail`)).status).toBe(400);
  });
});

describe("bytes stored in the database before migration 008", () => {
  it("are served a chunk at a time, and moved to disk with a thumbnail when an embedded server starts", async () => {
    const bytes = await photo(1400, 1000);
    const id = randomUUID();
    const { db } = ctx.server.database;
    await db
      .insertInto("files")
      .values({
        id,
        pharmacy_id: ctx.account.user.pharmacyId,
        content_type: "image/jpeg",
        byte_size: bytes.length,
        data: bytes,
        thumbnail: null,
        created_at: new Date(),
      })
      .execute();
    expect(bytes.length).toBeGreaterThan(600 * 1024); // several of the reader's 256 KB chunks
    const reception = await makeReception(ctx.server, ctx.account);
    const attached = await ctx.server.api.request("PATCH", "/api/file", {
      body: { id, receptionId: reception.id },
      token: ctx.account.idToken,
    });
    expect(attached.status).toBe(200);
    const served = await get(`/api/file/${id}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // until it moves, the thumbnail is the file itself
    expect((await get(`/api/file/${id}/thumbnail`)).headers.get("content-length")).toBe(String(bytes.length));

    // a start over the same database: what a restarted server does before it listens and just after
    const restarted = await buildApp({
      config: ctx.server.config,
      database: ctx.server.database,
      jwtSecret: "c".repeat(40),
      clock: ctx.server.clock,
    });
    await restarted.close();

    const row = await fileRow(id);
    if (embedded()) {
      expect(row).toMatchObject({ data: null, on_disk: true, has_thumbnail: true });
      expect((await readFile(path.join(branchDir(), id))).equals(bytes)).toBe(true);
    } else {
      expect(row).toMatchObject({ on_disk: false });
      expect(Buffer.from(row.data!).equals(bytes)).toBe(true);
    }
    expect(Buffer.from(await (await get(`/api/file/${id}`)).arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe("a large file read slowly", () => {
  it("holds no database connection: other calls are answered while a client has stopped reading it", async () => {
    const bytes = Buffer.concat([JPEG_BYTES, randomBytes(8 * 1024 * 1024)]);
    const upload = await uploadFile(ctx.server, ctx.account, bytes);
    expect(upload.status).toBe(201);
    const { port } = new URL(ctx.server.baseUrl);
    const slow = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, path: `/api/file/${upload.body.file.id}`, headers: auth() },
        resolve,
      );
      req.on("error", reject);
      req.end();
    });
    slow.pause();
    expect(slow.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the server fill the socket and wait

    const list = await ctx.server.api.get("/api/reception", ctx.account.idToken);
    expect(list.status).toBe(200);
    const created = await ctx.server.api.post("/api/reception", undefined, ctx.account.idToken);
    expect(created.status).toBe(201);
    const pool = ctx.server.database.poolStats();
    expect(pool.waiting).toBe(0);
    expect(pool.idle).toBe(pool.total);

    const received: Buffer[] = [];
    slow.on("data", (chunk: Buffer) => received.push(chunk));
    slow.resume();
    await new Promise((resolve) => slow.on("end", resolve));
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
  });
});
