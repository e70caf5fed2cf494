import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/config.js";
import { resolveJwtSecret } from "../src/config/jwt-secret.js";

describe("configuration", () => {
  it("defaults to the embedded database in ./data on port 3000 with the demo seed on", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail.outboxDir).toBe(path.resolve("data", "outbox"));
    expect(config.seedDemo).toBe(true);
  });

  it("turns the demo seed off by default on PostgreSQL, and on when asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/x" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("reads every setting of the table", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/srv/pharmacy",
      MAIL_OUTBOX_DIR: "/srv/mail",
      SMTP_URL: "smtp://user:pass@mail:25",
      JWT_SECRET: "s".repeat(40),
      SEED_DEMO: "0",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/srv/pharmacy",
      mail: { outboxDir: "/srv/mail", smtpUrl: "smtp://user:pass@mail:25" },
      jwtSecret: "s".repeat(40),
      seedDemo: false,
    });
  });

  it("stops with every bad value listed", () => {
    const attempt = () =>
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", JWT_SECRET: "short", SEED_DEMO: "maybe" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "JWT_SECRET", "SEED_DEMO"]) expect(message).toContain(name);
    }
  });

  it("refuses TRUST_PROXY ranges that trust everyone, naming the setting, and keeps proxies' own ranges", () => {
    for (const value of [
      "0.0.0.0/0",
      "::/0",
      "0.0.0.0/1",
      "10.0.0.1, 128.0.0.0/7",
      "::ffff:0.0.0.0/96",
      "::ffff:0.0.0.0/103",
      "2000::/3",
      "::/15",
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .*no wider than \/8/);
    }
    expect(
      loadConfig({ TRUST_PROXY: "10.0.0.0/8, 173.245.48.0/20, 2400:cb00::/32, ::ffff:10.0.0.0/104, fd00::/16" })
        .trustProxy,
    ).toHaveLength(5);
  });

  it("resolves FILES_DIR from the working folder, and refuses one that is missing or not a folder, naming it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-files-setting-"));
    try {
      expect(loadConfig({ FILES_DIR: path.relative(process.cwd(), dir) }).filesDir).toBe(dir);
      expect(loadConfig({}).filesDir).toBeUndefined();
      await writeFile(path.join(dir, "a-file"), "");
      for (const value of [path.join(dir, "not-mounted"), path.join(dir, "a-file")]) {
        expect(() => loadConfig({ FILES_DIR: value, PORT: "eighty" }), value).toThrow(
          /PORT: [^]*FILES_DIR: must be an existing folder this process can write to/,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });
});

describe("JWT secret", () => {
  it("is generated once into the data directory and reused", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-secret-"));
    try {
      const first = await resolveJwtSecret(undefined, dir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await resolveJwtSecret(undefined, dir)).toBe(first);
      expect((await readFile(path.join(dir, "jwt-secret"), "utf8")).trim()).toBe(first);
      expect(await resolveJwtSecret("c".repeat(32), dir)).toBe("c".repeat(32));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
