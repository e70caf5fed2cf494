import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { lockDataDirectory } from "./lock.js";
import { PostgresListener } from "./postgres-listener.js";
import { migrate } from "./migrate.js";
import { PGliteDialect } from "./pglite-dialect.js";
import type { Database, Db } from "./schema.js";

export type Unlisten = () => Promise<void>;

export interface DatabaseHandle {
  db: Db;
  /**
   * What stored file bytes are read through. PostgreSQL: a pool of one connection of its own, so
   * screens opening photos take at most one connection and one core of the database server from the
   * calls of the day's work. The embedded database keeps its bytes on disk: its one connection.
   */
  bytesDb: Db;
  engine: "pglite" | "postgres";
  /** PostgreSQL LISTEN: payloads of `pg_notify(channel, …)` from this or any other process. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /** Every LISTEN is connected now (for /readyz); false while one reconnects or none was started. */
  isListening(): boolean;
  /** Connections of the PostgreSQL pool (for /metrics); the embedded database has a single one. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Tests use a throw-away in-memory embedded database. */
  inMemory?: boolean;
  /** PostgreSQL's shared_buffers for the embedded database (its whole pool is resident from the start). */
  pgliteSharedBuffers?: string;
}

/**
 * PGlite keeps PostgreSQL's 128 MB of shared buffers resident from the start; a branch's data is far
 * smaller, and 16 MB measured about 120 MB less memory and a faster start (bench/start.ts).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = "16MB";

/** How PostgreSQL names the connection that reads file bytes (`pg_stat_activity.application_name`). */
export const BYTES_CONNECTION_NAME = "pharmacy-reception-files";

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPGlite(options.inMemory ? undefined : options.dataDir, options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS);
}

async function openPGlite(dataDir: string | undefined, sharedBuffers: string): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDirectory(dataDir) : () => {};
  try {
    const pglite = await PGlite.create(dataDir ? path.join(dataDir, "pglite") : undefined, {
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`],
    });
    await migrate(
      (work) =>
        pglite.transaction(async (tx) => {
          await work({
            query: async <T,>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
            exec: async (script) => void (await tx.exec(script)),
          });
        }),
      false,
    );
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    let listening = 0;
    return {
      db,
      bytesDb: db,
      engine: "pglite",
      listen: async (channel, onPayload) => {
        const unlisten = await pglite.listen(channel, onPayload);
        listening += 1;
        return async () => {
          listening -= 1;
          if (!pglite.closed) await unlisten();
        };
      },
      isListening: () => listening > 0 && !pglite.closed,
      poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
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
  const bytesDb = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 1, application_name: BYTES_CONNECTION_NAME }) }),
  });
  const listeners = new Set<PostgresListener>();
  return {
    db,
    bytesDb,
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
    isListening: () => listeners.size > 0 && [...listeners].every((listener) => listener.connected),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await Promise.all([db.destroy(), bytesDb.destroy()]);
    },
  };
}
