import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, type PostgresPool } from "kysely";
import type { Pool, PoolConfig } from "pg";
import { unpackClusterTemplate } from "./cluster-template.js";
import { lockDataDirectory } from "./lock.js";
import { PostgresListener } from "./postgres-listener.js";
import { migrate } from "./migrate.js";
import { QueryCounts } from "./query-count.js";
import { PGliteDialect } from "./pglite-dialect.js";
import { privateTree } from "../lib/private-files.js";
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
  /**
   * PostgreSQL LISTEN: payloads of `pg_notify(channel, …)` from this or any other process. When the
   * connection dropped and listens again, `onResumed` runs: what was sent meanwhile is lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResumed?: () => void): Promise<Unlisten>;
  /** Every LISTEN is connected now (for /readyz); false while one reconnects or none was started. */
  isListening(): boolean;
  /** Connections of the PostgreSQL pool (for /metrics); the embedded database has a single one. */
  poolStats(): PoolStats;
  /** Queries run through `db` since the start, by what made them (`countingAs`). */
  queryCounts(): ReadonlyMap<string, number>;
  /** `db` with its queries counted under `label` too (building live frames). */
  countingAs(label: string): Db;
  /** Where connections the database server dropped are reported (the app's log); they are replaced on their own. */
  reportConnectionErrorsTo(report: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Requests waiting for a connection now. */
  waiting: number;
  /** Since the start: how many times a query found every connection taken, and how long those waited in all. */
  waits: number;
  waitSeconds: number;
}

export interface DatabaseOptions {
  /** Where LISTEN connects when `databaseUrl` goes through a pooler that cannot keep it (PgBouncer in transaction mode); default `databaseUrl`. */
  listenUrl?: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Tests use a throw-away in-memory embedded database. */
  inMemory?: boolean;
  /**
   * With `inMemory`: start from this dump of a migrated embedded database (`dumpMigratedPGlite`)
   * instead of an initdb of its own, about 0.8 s instead of 3 s.
   */
  inMemoryFrom?: Blob;
  /** PostgreSQL's shared_buffers for the embedded database (its whole pool is resident from the start). */
  pgliteSharedBuffers?: string;
}

/**
 * PGlite keeps PostgreSQL's 128 MB of shared buffers resident from the start; a branch's data is far
 * smaller, and 16 MB measured about 120 MB less memory and a faster start (bench/start.ts).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = "16MB";

/** How PostgreSQL names this app's connections (`pg_stat_activity.application_name`): the pool, file bytes, LISTEN. */
const POOL_CONNECTION_NAME = "pharmacy-reception";
export const BYTES_CONNECTION_NAME = "pharmacy-reception-files";
export const LISTEN_CONNECTION_NAME = "pharmacy-reception-listen";

/** Connections of a process's pool (README "Scaling out": plus one for file bytes and one for LISTEN). */
const POOL_SIZE = 10;

/** A request waits at most this long for a connection to a database server that does not answer. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.listenUrl || options.databaseUrl)
    : openPGlite(
        options.inMemory ? undefined : options.dataDir,
        options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS,
        options.inMemory ? options.inMemoryFrom : undefined,
      );
}

/** A migrated in-memory embedded database, dumped: what `inMemoryFrom` starts from. */
export async function dumpMigratedPGlite(): Promise<Blob> {
  const pglite = await createPGlite(undefined, DEFAULT_PGLITE_SHARED_BUFFERS, undefined);
  try {
    await migratePGlite(pglite);
    return await pglite.dumpDataDir("none");
  } finally {
    await pglite.close();
  }
}

function createPGlite(
  pgliteDir: string | undefined,
  sharedBuffers: string,
  loadDataDir: Blob | undefined,
): Promise<PGlite> {
  return PGlite.create(pgliteDir, {
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`],
    ...(loadDataDir && { loadDataDir }),
  });
}

async function migratePGlite(pglite: PGlite): Promise<void> {
  await migrate(
    (work) =>
      pglite.transaction(async (tx) => {
        await work({
          query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
          exec: async (script) => void (await tx.exec(script)),
        });
      }),
    false,
    async <T>(sql: string) => (await pglite.query<T>(sql)).rows,
  );
}

async function openPGlite(
  dataDir: string | undefined,
  sharedBuffers: string,
  loadDataDir: Blob | undefined,
): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDirectory(dataDir) : () => {};
  try {
    const pgliteDir = dataDir ? path.join(dataDir, "pglite") : undefined;
    if (pgliteDir) await unpackClusterTemplate(pgliteDir);
    const pglite = await createPGlite(pgliteDir, sharedBuffers, loadDataDir);
    await migratePGlite(pglite);
    if (pgliteDir) privateTree(pgliteDir);
    const queries = new QueryCounts();
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log: queries.log });
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
      poolStats: () => ({ total: 1, idle: 1, waiting: 0, waits: 0, waitSeconds: 0 }),
      queryCounts: () => queries.byOrigin(),
      countingAs: (label) => db.withPlugin(queries.countedAs(label)),
      reportConnectionErrorsTo: () => {},
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

async function openPostgres(connectionString: string, listenConnectionString: string): Promise<DatabaseHandle> {
  // loaded here, not at start: the embedded database never needs the PostgreSQL driver
  const { default: pg } = await import("pg");
  let onConnectionError: (error: Error) => void = () => {};
  const reportError = (error: Error) => onConnectionError(error);
  const pool = resilientPool(
    pg.Pool,
    { connectionString, max: POOL_SIZE, application_name: POOL_CONNECTION_NAME },
    reportError,
  );
  await migrate(
    async (work) => {
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
    },
    true,
    async (sql, params) => (await pool.query(sql, params)).rows,
  );
  const queries = new QueryCounts();
  const waits = { count: 0, seconds: 0 };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: countingWaits(pool, POOL_SIZE, waits) }),
    log: queries.log,
  });
  const bytesDb = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: resilientPool(pg.Pool, { connectionString, max: 1, application_name: BYTES_CONNECTION_NAME }, reportError),
    }),
  });
  const listeners = new Set<PostgresListener>();
  return {
    db,
    bytesDb,
    engine: "postgres",
    listen: async (channel, onPayload, onResumed = () => {}) => {
      const listener = new PostgresListener({
        connectionString: listenConnectionString,
        channel,
        onPayload,
        onResumed,
        onError: reportError,
        applicationName: LISTEN_CONNECTION_NAME,
      });
      await listener.start();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    isListening: () => listeners.size > 0 && [...listeners].every((listener) => listener.connected),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      waits: waits.count,
      waitSeconds: waits.seconds,
    }),
    queryCounts: () => queries.byOrigin(),
    countingAs: (label) => db.withPlugin(queries.countedAs(label)),
    reportConnectionErrorsTo: (report) => void (onConnectionError = report),
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await Promise.all([db.destroy(), bytesDb.destroy()]);
    },
  };
}

/**
 * A pool that outlives its server: a connection PostgreSQL drops (a restart, pg_terminate_backend,
 * a network cut) is reported and replaced, never an unhandled 'error' that ends the process, whether
 * it was idle (the pool's event) or checked out between two queries of a transaction (the client's).
 */
function resilientPool(PoolClass: typeof Pool, config: PoolConfig, onError: (error: Error) => void): Pool {
  const pool = new PoolClass({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  return pool;
}

/** The pool as Kysely takes connections from it, counting the times every connection was taken and how long those waited. */
function countingWaits(pool: Pool, size: number, waits: { count: number; seconds: number }): PostgresPool {
  return {
    connect: async () => {
      if (pool.idleCount > 0 || pool.totalCount < size) return pool.connect();
      const started = performance.now();
      const client = await pool.connect();
      waits.count += 1;
      waits.seconds += (performance.now() - started) / 1000;
      return client;
    },
    end: () => pool.end(),
  };
}
