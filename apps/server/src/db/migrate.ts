import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export interface MigrationSession {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(script: string): Promise<void>;
}

export type RunInTransaction = (work: (session: MigrationSession) => Promise<void>) => Promise<void>;

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");
/** Any constant shared by every process: concurrent starts on one PostgreSQL wait for each other here. */
const MIGRATION_LOCK_ID = 7_412_001;

/** The versions (file names) every database must have applied, in order. */
export async function migrationVersions(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith(".sql")).sort();
}

/** PostgreSQL's undefined_table: a database no migration ran on yet. */
const UNDEFINED_TABLE = "42P01";

/** Every version recorded already: one read, no transaction, no lock (what each restart finds). */
async function allApplied(query: MigrationSession["query"], files: string[]): Promise<boolean> {
  try {
    const done = new Set(
      (await query<{ version: string }>("select version from schema_migrations")).map((row) => row.version),
    );
    return files.every((file) => done.has(file));
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return false;
    throw error;
  }
}

/**
 * Applies the numbered plain-SQL files not yet recorded, in order, all in one transaction. `query` runs
 * outside it: when it finds every file recorded, nothing else runs.
 */
export async function migrate(
  runInTransaction: RunInTransaction,
  lockWithAdvisoryLock: boolean,
  query: MigrationSession["query"],
): Promise<string[]> {
  const files = await migrationVersions();
  if (await allApplied(query, files)) return [];
  const applied: string[] = [];
  await runInTransaction(async (session) => {
    if (lockWithAdvisoryLock) await session.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await session.exec(
      "create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())",
    );
    const done = new Set(
      (await session.query<{ version: string }>("select version from schema_migrations")).map((row) => row.version),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      await session.exec(await readFile(path.join(MIGRATIONS_DIR, file), "utf8"));
      await session.query("insert into schema_migrations (version) values ($1)", [file]);
      applied.push(file);
    }
  });
  return applied;
}
