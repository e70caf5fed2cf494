import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import sharp from "sharp";
import { ApiClient } from "./helpers/api-client.js";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { ENCRYPTED_WITHOUT_PASSPHRASE_MESSAGE, WRONG_PASSPHRASE_MESSAGE } from "../src/ops/backup-encryption.js";

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, "..");

let dataDir: string;
let databaseUrl = "";
let dropDatabase = async () => {};
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-backup-"));
  const suiteDatabase = inject("databaseUrl");
  if (suiteDatabase) {
    const scratch = await createScratchDatabase(suiteDatabase, "pharmacy_backup");
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
});
afterAll(async () => {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

/** Set by the FILES_DIR case: the folder every command and server of it keeps file bytes in. */
let filesDir = "";
const env = () => ({ SEED_DEMO: "on", DATABASE_URL: databaseUrl, JWT_SECRET: "b".repeat(40), FILES_DIR: filesDir });

/** `npm run backup` / `npm run restore` as an operator runs them, on this test's database (BACKUP_PASSPHRASE if given). */
function operatorCommand(command: "backup" | "restore", file: string, passphrase?: string) {
  const { BACKUP_PASSPHRASE: _unset, ...inherited } = process.env;
  return run(process.execPath, ["--import", "tsx", "src/backup.ts", command, file], {
    cwd: serverRoot,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      FILES_DIR: filesDir,
      ...(passphrase && { BACKUP_PASSPHRASE: passphrase }),
    },
  });
}

/** The operator's message and exit code of a command expected to fail. */
async function refusal(command: Promise<unknown>): Promise<{ code: number; stderr: string }> {
  const error = (await command.then(
    () => ({ code: 0, stderr: "" }),
    (failure: unknown) => failure,
  )) as { code: number; stderr: string };
  return { code: error.code, stderr: error.stderr };
}

async function withServer<T>(work: (api: ApiClient, idToken: string, baseUrl: string) => Promise<T>): Promise<T> {
  const server = await startServerProcess(env(), dataDir);
  try {
    const api = new ApiClient(server.baseUrl);
    const { idToken } = (await api.post("/auth/sign_in", { email: "demo@example.com", password: "Demo1234" })).body;
    return await work(api, idToken, server.baseUrl);
  } finally {
    await server.kill("SIGTERM");
  }
}

/** A reception with one photo; its id and the photo's file id and bytes. */
async function receptionWithPhoto(api: ApiClient, idToken: string, baseUrl: string, color: string) {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const reception = (await api.post("/api/reception", undefined, idToken)).body.id as string;
  const form = new FormData();
  form.append("receptionId", reception);
  form.append("file", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  const upload = await fetch(`${baseUrl}/api/file`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  const { file } = (await upload.json()) as { file: { id: string } };
  return { reception, fileId: file.id, photo };
}

const fileAt = (baseUrl: string, idToken: string, url: string) =>
  fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${idToken}` } });

describe("backup and restore", () => {
  it(
    "a restore brings back what the backup held, stored files included, and drops what came after",
    { timeout: 240_000 },
    async () => {
      const file = path.join(dataDir, "backups", databaseUrl ? "backup.dump" : "backup.tar.gz");
      const kept = await withServer((api, idToken, baseUrl) => receptionWithPhoto(api, idToken, baseUrl, "#336699"));
      const backup = await operatorCommand("backup", file);
      expect(backup.stdout).toContain(`Backed up`);
      // readable by the operator's user only, in a folder the command made for it
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);

      const later = await withServer((api, idToken, baseUrl) => receptionWithPhoto(api, idToken, baseUrl, "#993366"));
      const restore = await operatorCommand("restore", file);
      expect(restore.stdout).toContain("Restored");

      await withServer(async (api, idToken, baseUrl) => {
        expect((await api.get(`/api/reception/${kept.reception}`, idToken)).status).toBe(200);
        const photo = await fileAt(baseUrl, idToken, `/api/file/${kept.fileId}`);
        expect(photo.status).toBe(200);
        expect(Buffer.from(await photo.arrayBuffer()).equals(kept.photo)).toBe(true);
        const thumbnail = await fileAt(baseUrl, idToken, `/api/file/${kept.fileId}/thumbnail`);
        expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
        expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(480);
        expect((await api.get(`/api/reception/${later.reception}`, idToken)).status).toBe(404);
        expect((await fileAt(baseUrl, idToken, `/api/file/${later.fileId}`)).status).toBe(404);
      });
    },
  );
});

describe("backup and restore with FILES_DIR", () => {
  it(
    "a photo kept in FILES_DIR opens with the same bytes after backup, losing the folder's and the database's contents, and restore",
    { timeout: 400_000 },
    async () => {
      // a database and folders of its own, as a deployment that sets FILES_DIR from the start
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir);
      filesDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-backup-files-"));
      if (databaseUrl) {
        await dropDatabase();
        const scratch = await createScratchDatabase(inject("databaseUrl")!, "pharmacy_backup_files");
        databaseUrl = scratch.url;
        dropDatabase = scratch.drop;
      }
      try {
        const file = path.join(dataDir, "backups", databaseUrl ? "backup.tar" : "backup.tar.gz");
        const kept = await withServer((api, idToken, baseUrl) => receptionWithPhoto(api, idToken, baseUrl, "#669933"));
        await operatorCommand("backup", file);
        const later = await withServer((api, idToken, baseUrl) => receptionWithPhoto(api, idToken, baseUrl, "#339966"));
        // the folder lost (a new disk) and the database wiped or replaced
        for (const name of await readdir(filesDir))
          await rm(path.join(filesDir, name), { recursive: true, force: true });
        await operatorCommand("restore", file);

        await withServer(async (api, idToken, baseUrl) => {
          const photo = await fileAt(baseUrl, idToken, `/api/file/${kept.fileId}`);
          expect(photo.status).toBe(200);
          expect(Buffer.from(await photo.arrayBuffer()).equals(kept.photo)).toBe(true);
          const thumbnail = await fileAt(baseUrl, idToken, `/api/file/${kept.fileId}/thumbnail`);
          expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(480);
          expect((await api.get(`/api/reception/${later.reception}`, idToken)).status).toBe(404);
        });
      } finally {
        await rm(filesDir, { recursive: true, force: true });
        filesDir = "";
      }
    },
  );
});

describe("encrypted backups (BACKUP_PASSPHRASE)", () => {
  it(
    "restore with the passphrase after the database is wiped; a wrong or missing one is refused, saying so, and changes nothing",
    { timeout: 900_000 },
    async () => {
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir);
      if (databaseUrl) {
        await dropDatabase();
        const scratch = await createScratchDatabase(inject("databaseUrl")!, "pharmacy_backup_encrypted");
        databaseUrl = scratch.url;
        dropDatabase = scratch.drop;
      }
      const passphrase = "kusuri-no-bakkuappu-2026";
      const file = path.join(dataDir, "backups", "backup.enc");
      const kept = await withServer((api, idToken, baseUrl) => receptionWithPhoto(api, idToken, baseUrl, "#663399"));
      const backup = await operatorCommand("backup", file, passphrase);
      expect(backup.stdout).toContain("encrypted with BACKUP_PASSPHRASE");
      const bytes = await readFile(file);
      expect(bytes.subarray(0, 28).toString("latin1")).toBe("PHARMACY-BACKUP-ENCRYPTED-1\n");
      // neither pg_dump's nor gzip's nor tar's own marks, nor the photo's bytes, are readable in it
      expect(bytes.includes("PGDMP")).toBe(false);
      expect(bytes.includes(kept.photo.subarray(1000, 1064))).toBe(false);
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      const later = await withServer((api, idToken, baseUrl) => receptionWithPhoto(api, idToken, baseUrl, "#996633"));
      const wrong = await refusal(operatorCommand("restore", file, "not-the-passphrase-at-all"));
      expect(wrong.code).not.toBe(0);
      expect(wrong.stderr).toContain(WRONG_PASSPHRASE_MESSAGE);
      const missing = await refusal(operatorCommand("restore", file));
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain(ENCRYPTED_WITHOUT_PASSPHRASE_MESSAGE);
      // the refusals touched nothing: what came after the backup is still there
      await withServer(async (api, idToken) => {
        expect((await api.get(`/api/reception/${later.reception}`, idToken)).status).toBe(200);
      });

      // the database wiped (embedded: the data directory lost; PostgreSQL: a new empty database)
      if (databaseUrl) {
        await dropDatabase();
        const scratch = await createScratchDatabase(inject("databaseUrl")!, "pharmacy_backup_wiped");
        databaseUrl = scratch.url;
        dropDatabase = scratch.drop;
      } else {
        await rm(path.join(dataDir, "pglite"), { recursive: true, force: true });
        await rm(path.join(dataDir, "files"), { recursive: true, force: true });
      }
      const restore = await operatorCommand("restore", file, passphrase);
      expect(restore.stdout).toContain("Restored");
      await withServer(async (api, idToken, baseUrl) => {
        expect((await api.get(`/api/reception/${kept.reception}`, idToken)).status).toBe(200);
        const photo = await fileAt(baseUrl, idToken, `/api/file/${kept.fileId}`);
        expect(Buffer.from(await photo.arrayBuffer()).equals(kept.photo)).toBe(true);
        expect((await api.get(`/api/reception/${later.reception}`, idToken)).status).toBe(404);
      });
      // no decrypted copy is left behind
      expect((await readdir(dataDir)).filter((name) => name.startsWith(".decrypted-"))).toEqual([]);

      // an unencrypted backup still restores with BACKUP_PASSPHRASE set
      const clear = path.join(dataDir, "backups", "clear");
      await operatorCommand("backup", clear);
      expect((await operatorCommand("restore", clear, passphrase)).stdout).toContain("Restored");
    },
  );
});
