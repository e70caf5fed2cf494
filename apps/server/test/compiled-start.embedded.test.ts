import { lstat, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildServer, startCompiledServer } from "./helpers/compiled-server.js";

/**
 * Issue 26: the first start of the embedded database stays under 400 MB resident, and so does a
 * restart. PGlite's own initdb peaked at about 790 MB (a second PostgreSQL and a copy of its heap);
 * the build's empty cluster keeps both near 300 MB, so the budget leaves room for noise and fails
 * at once if the first start runs initdb again.
 */
const RSS_BUDGET_MB = 400;
const REPORT_IMPORTS = path.join(import.meta.dirname, "helpers/report-imports.mjs");

let dataDir: string;

beforeAll(() => buildServer(), 180_000);
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-compiled-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("the compiled server", () => {
  it("is built to JavaScript that plain node runs: it migrates, seeds the demo, gets ready, shows the API docs and stops cleanly", async () => {
    const server = await startCompiledServer(dataDir);
    try {
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(server.output()).toContain("Demo login (admin): demo@example.com / Demo1234");
      expect(server.output()).toContain("Demo login (staff): staff@example.com / Staff1234");
      // the docs page's plugin is bundled: its own files are found in the installed package
      const docs = await fetch(`${server.baseUrl}/api/docs/`);
      expect(docs.status).toBe(200);
      const script = await fetch(`${server.baseUrl}/api/docs/static/swagger-ui-bundle.js`);
      expect(script.status).toBe(200);
      expect((await script.text()).length).toBeGreaterThan(100_000);
      expect(await server.stop()).toBe(0);
    } finally {
      server.kill();
    }
  });

  it("restarts without the packages a start does not need (loaded on first use): the PostgreSQL driver, LINE, mail, Web Push, QR codes", async () => {
    const first = await startCompiledServer(dataDir);
    try {
      expect(await first.stop()).toBe(0);
    } finally {
      first.kill();
    }
    const server = await startCompiledServer(dataDir, ["--import", REPORT_IMPORTS]);
    try {
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      const imported = new Set([...server.output().matchAll(/^imported package (\S+)$/gm)].map((match) => match[1]));
      expect(imported).toContain("@electric-sql/pglite");
      for (const unneeded of ["pg", "@line/bot-sdk", "nodemailer", "web-push", "qrcode"]) {
        expect(imported).not.toContain(unneeded);
      }
    } finally {
      server.kill();
    }
  }, 120_000);

  it(`creates its embedded database under ${RSS_BUDGET_MB} MB resident at the peak, and opens it again as light, data kept`, async () => {
    const first = await startCompiledServer(dataDir);
    try {
      expect(await first.peakRssMb()).toBeLessThan(RSS_BUDGET_MB);
      expect(await first.stop()).toBe(0);
    } finally {
      first.kill();
    }
    const restart = await startCompiledServer(dataDir);
    try {
      const signIn = await fetch(`${restart.baseUrl}/auth/sign_in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "demo@example.com", password: "Demo1234" }),
      });
      expect(signIn.status).toBe(200);
      expect(await restart.peakRssMb()).toBeLessThan(RSS_BUDGET_MB);
    } finally {
      restart.kill();
    }
  }, 120_000);

  it("writes nothing another local user could read: every file and folder under DATA_DIR, PGlite's own too", async () => {
    const server = await startCompiledServer(dataDir);
    try {
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
    } finally {
      server.kill();
    }
    const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
    expect(entries.filter((entry) => entry.parentPath.includes(`${path.sep}pglite`)).length).toBeGreaterThan(100);
    const open: string[] = [];
    for (const entry of entries.filter((candidate) => !candidate.isSymbolicLink())) {
      const file = path.join(entry.parentPath, entry.name);
      const mode = (await lstat(file)).mode & 0o777;
      if ((mode & 0o077) !== 0) open.push(`${path.relative(dataDir, file)} ${mode.toString(8)}`);
    }
    expect(open).toEqual([]);
  }, 120_000);
});
