import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
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

  it("judges TRUST_PROXY's ranges together: narrow ranges that add up to everyone are refused", () => {
    const slash8s = (count: number) => Array.from({ length: count }, (_, i) => `${i}.0.0.0/8`).join(",");
    const refused = [
      slash8s(256),
      slash8s(2),
      "10.0.0.0/9, 11.0.0.0/9, 12.0.0.0/9",
      "10.0.0.0/8, 11.0.0.1",
      // IPv6 ranges over the IPv4-mapped block trust IPv4 clients too
      "::/80",
      "::ffff:0.0.0.0/103, 10.0.0.0/8",
      "fd00::/16, 2400:cb00::/32",
      Array.from({ length: 65_536 }, (_, i) => `${i.toString(16)}::/16`).join(","),
    ];
    for (const value of refused) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value.slice(0, 60)).toThrow(/TRUST_PROXY/);
    }
    for (const value of [
      "10.0.0.0/9, 10.128.0.0/9",
      "10.0.0.0/8, 10.0.0.0/8, ::ffff:10.1.0.0/112",
      Array.from({ length: 256 }, (_, i) => `10.${i}.0.0/16`).join(","),
      "fd00::/17, fd01::/18, 2400:cb00::/32",
    ]) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value.slice(0, 60)).not.toBe(false);
    }
  });

  it("counts TRUST_PROXY's coverage as the union of its ranges, whatever their order and overlaps", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 8, max: 16 })), {
          minLength: 1,
          maxLength: 40,
        }),
        (ranges) => {
          const covered = new Set<number>();
          // every /16 a range covers, counted one by one
          for (const [first, bits] of ranges) {
            for (let at = first * 256; at < first * 256 + 2 ** (16 - bits); at += 1) covered.add(at);
          }
          const value = ranges.map(([first, bits]) => `${first}.0.0.0/${bits}`).join(",");
          const accepted = () => loadConfig({ TRUST_PROXY: value });
          if (covered.size <= 256) expect(accepted).not.toThrow();
          else expect(accepted).toThrow(/TRUST_PROXY/);
        },
      ),
    );
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
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .*no more than a \/8 of IPv4/);
    }
    expect(
      loadConfig({ TRUST_PROXY: "10.0.0.0/9, 173.245.48.0/20, 2400:cb00::/32, ::ffff:10.0.0.0/105, fd00::/17" })
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

  it("takes an S3 bucket with its endpoint, region and keys, and refuses half or stray settings", () => {
    expect(loadConfig({}).filesBucket).toBeUndefined();
    expect(
      loadConfig({
        FILES_S3_BUCKET: "pharmacy-photos",
        FILES_S3_ENDPOINT: "http://127.0.0.1:9000",
        AWS_REGION: "ap-northeast-1",
        AWS_ACCESS_KEY_ID: "minio",
        AWS_SECRET_ACCESS_KEY: "minio-secret",
      }).filesBucket,
    ).toEqual({
      bucket: "pharmacy-photos",
      endpoint: "http://127.0.0.1:9000",
      region: "ap-northeast-1",
      credentials: { accessKeyId: "minio", secretAccessKey: "minio-secret", sessionToken: undefined },
    });
    // without keys the SDK's own chain (a role) is used; without a region, AWS's default
    expect(loadConfig({ FILES_S3_BUCKET: "photos" }).filesBucket).toEqual({
      bucket: "photos",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
    });
    expect(
      loadConfig({ FILES_S3_BUCKET: "photos", FILES_S3_REGION: "eu-west-1", AWS_REGION: "x" }).filesBucket?.region,
    ).toBe("eu-west-1");
    for (const [env, problem] of [
      [{ FILES_S3_BUCKET: "Photos_Bucket" }, /FILES_S3_BUCKET: must be a bucket name/],
      [{ FILES_S3_BUCKET: "photos", FILES_S3_ENDPOINT: "minio:9000" }, /FILES_S3_ENDPOINT: must be an http/],
      [{ FILES_S3_ENDPOINT: "http://127.0.0.1:9000" }, /FILES_S3_ENDPOINT: is used only with FILES_S3_BUCKET/],
      [{ FILES_S3_BUCKET: "photos", AWS_ACCESS_KEY_ID: "minio" }, /AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and/],
    ] as const)
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(problem);
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
