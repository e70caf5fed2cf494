import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiClient } from "./helpers/api-client.js";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { startServerProcess } from "@pharmacy/test-support/server-process";

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

const env = () => ({ SEED_DEMO: "on", DATABASE_URL: databaseUrl, JWT_SECRET: "b".repeat(40) });

/** `npm run backup` / `npm run restore` as an operator runs them, on this test's database. */
function operatorCommand(command: "backup" | "restore", file: string) {
  return run(process.execPath, ["--import", "tsx", "src/backup.ts", command, file], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
  });
}

async function withServer<T>(work: (api: ApiClient, idToken: string) => Promise<T>): Promise<T> {
  const server = await startServerProcess(env(), dataDir);
  try {
    const api = new ApiClient(server.baseUrl);
    const { idToken } = (await api.post("/auth/sign_in", { email: "demo@example.com", password: "Demo1234" })).body;
    return await work(api, idToken);
  } finally {
    await server.kill("SIGTERM");
  }
}

describe("backup and restore", () => {
  it("a restore brings back what the backup held and drops what came after", { timeout: 240_000 }, async () => {
    const file = path.join(dataDir, databaseUrl ? "backup.dump" : "backup.tar.gz");
    const kept = await withServer(async (api, idToken) => (await api.post("/api/reception", undefined, idToken)).body.id as string);
    const backup = await operatorCommand("backup", file);
    expect(backup.stdout).toContain(`Backed up`);

    const later = await withServer(async (api, idToken) => (await api.post("/api/reception", undefined, idToken)).body.id as string);
    const restore = await operatorCommand("restore", file);
    expect(restore.stdout).toContain("Restored");

    await withServer(async (api, idToken) => {
      expect((await api.get(`/api/reception/${kept}`, idToken)).status).toBe(200);
      expect((await api.get(`/api/reception/${later}`, idToken)).status).toBe(404);
    });
  });
});
