import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { startServerProcess } from "@pharmacy/test-support/server-process";

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, "..");

describe("backing up the embedded database", () => {
  it("is refused while a server holds it, naming that process", { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-backup-busy-"));
    const server = await startServerProcess({ DATABASE_URL: "" }, dataDir);
    try {
      const backup = run(
        process.execPath,
        ["--import", "tsx", "src/backup.ts", "backup", path.join(dataDir, "busy.tar.gz")],
        {
          cwd: serverRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        },
      );
      await expect(backup).rejects.toThrow(`in use by process ${server.child.pid}`);
    } finally {
      await server.kill("SIGTERM");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
