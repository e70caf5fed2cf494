import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { lockDataDirectory } from "./lock.js";
import { PostgresListener } from "./postgres-listener.js";
import { migrate } from "./migrate.js";
import { PGliteDialect } from "./pglite-dialect.js";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;

export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  db: Db;
  engine: "pglite" | "postgres";
  /** PostgreSQL LISTEN: payloads of `pg_notify(channel, …)` from this or any other process. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Tests use a throw-away in-memory embedded database. */
  inMemory?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPGlite(options.inMemory ? undefined : options.dataDir);
}

async function openPGlite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDirectory(dataDir) : () => {};
  try {
    const pglite = await PGlite.create(dataDir ? path.join(dataDir, "pglite") : undefined);
    await migrate(
      (work) =>
        pglite.transaction(async (tx) => {
          await work({
            query: async (sql, params) => (await tx.query(sql, params)).rows as never[],
            exec: async (script) => void (await tx.exec(script)),
          });
        }),
      false,
    );
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      engine: "pglite",
      listen: async (channel, onPayload) => {
        const unlisten = await pglite.listen(channel, onPayload);
        return async () => {
          if (!pglite.closed) await unlisten();
        };
      },
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  await migrate(async (work) => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await work({
        query: async (sql, params) => (await client.query(sql, params)).rows,
        exec: async (script) => void (await client.query(script)),
      });
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  }, true);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Set<PostgresListener>();
  return {
    db,
    engine: "postgres",
    listen: async (channel, onPayload) => {
      const listener = new PostgresListener(connectionString, channel, onPayload);
      await listener.start();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await db.destroy();
    },
  };
}
