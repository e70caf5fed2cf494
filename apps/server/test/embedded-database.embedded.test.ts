import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config/config.js";
import { openDatabase } from "../src/db/database.js";
import { migrate, type MigrationSession, type RunInTransaction } from "../src/db/migrate.js";
import { DEMO_LOGIN, DEMO_STAFF_LOGIN } from "../src/features/demo/seed.js";
import { ApiClient } from "./helpers/api-client.js";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-embedded-"));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function startOn(dir: string) {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent", WEB_DIST_DIR: path.join(dir, "none") });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dir });
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32).toString("hex") });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return {
    api: new ApiClient(`http://127.0.0.1:${port}`),
    database,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe("embedded database", () => {
  it("keeps data across a restart and seeds the demo account only once", async () => {
    const first = await startOn(dataDir);
    expect((await first.api.post("/auth/sign_in", DEMO_LOGIN)).status).toBe(200);
    expect(
      (await first.api.post("/auth/sign_up", { email: "kept@example.jp", password: "Kusuri2026", name: "管理 花子" }))
        .status,
    ).toBe(201);
    await first.stop();

    const second = await startOn(dataDir);
    try {
      // the pending account is still there, so signing up again is refused
      expect(
        (
          await second.api.post("/auth/sign_up", {
            email: "kept@example.jp",
            password: "Kusuri2026",
            name: "管理 花子",
          })
        ).body.errorCode,
      ).toBe(1007);
      const users = await second.database.db.selectFrom("users").select("email").execute();
      expect(users.map((user) => user.email).sort()).toEqual(
        [DEMO_LOGIN.email, "kept@example.jp", DEMO_STAFF_LOGIN.email].sort(),
      );
      const pharmacy = await second.database.db
        .selectFrom("pharmacies")
        .select(["id", "name"])
        .where("name", "!=", "")
        .executeTakeFirstOrThrow();
      expect(pharmacy.name).toBe("デモ薬局 本店");
      const seeded = await second.database.db
        .selectFrom("receptions")
        .select(["channel", "status"])
        .where("pharmacy_id", "=", pharmacy.id)
        .orderBy("reception_number")
        .execute();
      expect(seeded).toEqual([
        { channel: "Paper", status: "Completed" },
        { channel: "Paper", status: "Dispensing" },
        { channel: "Web", status: null },
      ]);
    } finally {
      await second.stop();
    }
  });

  it("refuses a second process on the same directory", async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(/in use by process/);
    } finally {
      await first.close();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    await writeFile(path.join(dataDir, "server.lock"), "999999999");
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    await database.close();
  });

  it("applies migrations once: a restart finds them recorded", async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    const versions = await first.db
      .selectFrom("schema_migrations" as never)
      .selectAll()
      .execute();
    await first.close();
    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    const again = await second.db
      .selectFrom("schema_migrations" as never)
      .selectAll()
      .execute();
    await second.close();
    expect(again).toEqual(versions);
    expect(versions.length).toBeGreaterThan(0);
  });

  it("checks a migrated database with one read outside a transaction: what every restart does", async () => {
    const pglite = await PGlite.create();
    try {
      const statements: string[] = [];
      const recorded = (run: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>) =>
        (async (sql: string, params?: unknown[]) => {
          statements.push(sql);
          return (await run(sql, params)).rows;
        }) as MigrationSession["query"];
      const inTransaction: RunInTransaction = (work) =>
        pglite.transaction(async (tx) => {
          statements.push("begin");
          await work({
            query: recorded((sql, params) => tx.query(sql, params)),
            exec: async (script) => void (await recorded((sql) => tx.exec(sql).then(() => ({ rows: [] })))(script)),
          });
        });
      const query = recorded((sql, params) => pglite.query(sql, params));

      expect((await migrate(inTransaction, false, query)).length).toBeGreaterThan(0);
      statements.length = 0;
      expect(await migrate(inTransaction, false, query)).toEqual([]);
      expect(statements).toEqual(["select version from schema_migrations"]);
    } finally {
      await pglite.close();
    }
  });
});
