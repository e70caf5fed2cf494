import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { resolveDataKey } from "../src/config/data-key.js";
import { openDatabase, type DatabaseHandle } from "../src/db/database.js";
import { migrationVersions } from "../src/db/migrate.js";
import type { Db } from "../src/db/schema.js";
import { SecretBox } from "../src/features/auth/secret-box.js";
import { hashToken } from "../src/lib/token-hash.js";
import { makeAccount, openPublicPage } from "./helpers/factories.js";
import { restartTestServer, startTestServer, type TestServer } from "./helpers/server.js";
import { sendWebReception } from "./helpers/web-reception.js";

const HASHING_MIGRATION = "025_status_token_hash.sql";
const MIGRATIONS_DIR = path.join(import.meta.dirname, "../src/db/migrations");

/** Every table's rows that hold `text` anywhere, as text. */
async function rowsHolding(db: Db, text: string): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`
      select t::text as row from ${sql.table(name)} t where strpos(t::text, ${text}) > 0`.execute(db);
    found.push(...rows.map(({ row }) => `${name}: ${row}`));
  }
  return found;
}

async function sealedToken(server: TestServer, receptionId: string): Promise<string | undefined> {
  const row = await server.database.db
    .selectFrom("receptions")
    .select("status_token_sealed")
    .where("id", "=", receptionId)
    .executeTakeFirstOrThrow();
  const box = new SecretBox(await resolveDataKey(undefined, server.config.dataDir));
  return row.status_token_sealed === null ? undefined : box.open(row.status_token_sealed, receptionId);
}

describe("a new web reception's status link", () => {
  let server: TestServer;
  let slug: string;
  beforeAll(async () => {
    server = await startTestServer();
    slug = await openPublicPage(server, await makeAccount(server));
  });
  afterAll(() => server.close());

  it("opens its reception, and the token is nowhere in the database: only its hash and its sealed form", async () => {
    const sent = await sendWebReception(server.api, slug);
    expect(sent.status).toBe(201);
    const { statusToken } = sent.body;
    expect((await server.api.get(`/api/public/reception/${statusToken}`)).body).toMatchObject({
      receptionNumber: sent.body.receptionNumber,
    });

    expect(await rowsHolding(server.database.db, statusToken)).toEqual([]);
    const row = await server.database.db
      .selectFrom("receptions")
      .select(["id", "status_token", "status_token_hash"])
      .where("status_token_hash", "=", hashToken(statusToken))
      .executeTakeFirstOrThrow();
    expect(row.status_token).toBeNull();
    // what the push, mail and LINE messages sent later put in their link
    expect(await sealedToken(server, row.id)).toBe(statusToken);
    expect((await server.api.get(`/api/public/reception/${statusToken.slice(1)}x`)).status).toBe(404);
  });
});

interface MigrationClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

/**
 * A database as the servers before `version` left it, with `seed` written the way they wrote it:
 * every migration before `version` applied and recorded. `open` migrates the rest, as a start does.
 */
async function databaseBefore(
  version: string,
  seed: (client: MigrationClient) => Promise<void>,
): Promise<{ open: (dataDir: string) => Promise<DatabaseHandle>; drop: () => Promise<void> }> {
  const prepare = async (client: MigrationClient) => {
    await client.query(
      "create table schema_migrations (version text primary key, applied_at timestamptz not null default now())",
    );
    for (const file of (await migrationVersions()).filter((name) => name < version)) {
      await client.query(await readFile(path.join(MIGRATIONS_DIR, file), "utf8"));
      await client.query("insert into schema_migrations (version) values ($1)", [file]);
    }
    await seed(client);
  };
  const databaseUrl = inject("databaseUrl");
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, "pharmacy_before");
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await prepare(client);
    } finally {
      await client.end();
    }
    return { open: (dataDir) => openDatabase({ databaseUrl: scratch.url, dataDir }), drop: () => scratch.drop() };
  }
  const pglite = await PGlite.create();
  let dump: Blob;
  try {
    await prepare({ query: (text, params) => (params ? pglite.query(text, params) : pglite.exec(text)) });
    dump = await pglite.dumpDataDir("none");
  } finally {
    await pglite.close();
  }
  return {
    open: (dataDir) => openDatabase({ databaseUrl: undefined, dataDir, inMemory: true, inMemoryFrom: dump }),
    drop: async () => {},
  };
}

describe(`status links made before ${HASHING_MIGRATION}`, () => {
  it("still open their reception after the migration and a start, which hashes, seals and empties the clear token", async () => {
    const token = randomBytes(24).toString("base64url");
    const pharmacyId = randomUUID();
    const receptionId = randomUUID();
    const before = await databaseBefore(HASHING_MIGRATION, async (client) => {
      await client.query("insert into pharmacies (id, name, public_slug) values ($1, $2, $3)", [
        pharmacyId,
        "旧さくら薬局",
        `old-${randomBytes(6).toString("hex")}`,
      ]);
      await client.query(
        `insert into receptions (id, pharmacy_id, business_date, reception_number, channel, status, answers,
           patient_name, phone, status_token, created_at, updated_at, confirmed_at)
         values ($1, $2, '2026-11-20', 7, 'Web', 'Reviewing', '{"receiveMethod":"Pharmacy"}', 'ヤマダ タロウ',
           '09012345678', $3, '2026-11-19T23:50:00Z', '2026-11-19T23:50:00Z', '2026-11-19T23:50:00Z')`,
        [receptionId, pharmacyId, token],
      );
    });
    let migrated: { status_token: string | null; status_token_hash: string | null } | undefined;
    const server = await startTestServer({}, undefined, async (dataDir) => {
      const database = await before.open(dataDir);
      // what the migration alone left, before a server sealed anything: its SQL hash is Node's
      migrated = await database.db
        .selectFrom("receptions")
        .select(["status_token", "status_token_hash"])
        .where("id", "=", receptionId)
        .executeTakeFirstOrThrow();
      return database;
    });
    try {
      expect(migrated).toEqual({ status_token: token, status_token_hash: hashToken(token) });

      const status = await server.api.get(`/api/public/reception/${token}`);
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({ pharmacyName: "旧さくら薬局", receptionNumber: 7, status: "Reviewing" });
      expect(await rowsHolding(server.database.db, token)).toEqual([]);
      expect(await sealedToken(server, receptionId)).toBe(token);

      // a second start finds nothing left to seal, and the link still works
      await restartTestServer(server);
      expect((await server.api.get(`/api/public/reception/${token}`)).status).toBe(200);
      expect(await sealedToken(server, receptionId)).toBe(token);
    } finally {
      await server.close();
      await before.drop();
    }
  });
});
