import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const serverRoot = path.resolve(import.meta.dirname, "..");

describe("the compiled server", () => {
  it("is built to JavaScript that plain node runs: it migrates, seeds the demo, gets ready and stops cleanly", async () => {
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: serverRoot });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-compiled-"));
    const child = spawn(process.execPath, ["dist/main.js"], {
      cwd: serverRoot,
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info", WEB_DIST_DIR: path.join(dataDir, "none") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", () => {
          const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
          if (address && output.includes("Demo login")) resolve(address);
        });
        void exited.then(() => reject(new Error(output)));
      });
      const ready = await fetch(`${baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(output).toContain("Demo login (admin): demo@example.com / Demo1234");
      expect(output).toContain("Demo login (staff): staff@example.com / Staff1234");
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
