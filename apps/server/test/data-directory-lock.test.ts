import { mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockDataDirectory } from "../src/db/lock.js";

let dataDir: string;
let lockFile: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-lock-"));
  lockFile = path.join(dataDir, "server.lock");
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

// this test's own pid stands for a live process that reused the pid of the one that left the lock
describe("the data directory's lock file", () => {
  it("names the process and when it started, and refuses a second holder while it lives", async () => {
    const unlock = lockDataDirectory(dataDir);
    try {
      expect(await readFile(lockFile, "utf8")).toMatch(new RegExp(`^${process.pid} [0-9a-f-]{36}:\\d+$`));
      expect(() => lockDataDirectory(dataDir)).toThrow(/in use by process/);
    } finally {
      unlock();
    }
  });

  it("is taken over when its pid now belongs to a process that started later", async () => {
    await writeFile(lockFile, `${process.pid} 00000000-0000-0000-0000-000000000000:12345`);
    lockDataDirectory(dataDir)();
  });

  it("is taken over when an older version's file (the pid alone) was written before that pid's process started", async () => {
    await writeFile(lockFile, String(process.pid));
    await utimes(lockFile, new Date("2026-01-01T00:00:00Z"), new Date("2026-01-01T00:00:00Z"));
    lockDataDirectory(dataDir)();
  });

  it("still refuses an older version's file written by the living process", async () => {
    await writeFile(lockFile, String(process.pid));
    expect(() => lockDataDirectory(dataDir)).toThrow(/in use by process/);
  });

  it("is taken over when its process is gone", async () => {
    await writeFile(lockFile, "999999999 00000000-0000-0000-0000-000000000000:1");
    lockDataDirectory(dataDir)();
  });
});
