import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { AppConfig } from "../config/config.js";
import { lockDataDirectory } from "../db/lock.js";

const run = promisify(execFile);

/** Where the embedded database lives inside DATA_DIR (as database.ts opens it). */
function pgliteDir(config: AppConfig): string {
  return path.join(config.dataDir, "pglite");
}

export function defaultBackupFile(config: AppConfig, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  return path.resolve("backups", `pharmacy-${stamp}${config.databaseUrl ? ".dump" : ".tar.gz"}`);
}

/**
 * Embedded: the data directory as a gzipped tarball (PGlite's dumpDataDir), taken while no server
 * holds it (the lock says so). PostgreSQL: pg_dump's custom format, taken while the servers run.
 */
export async function backupDatabase(config: AppConfig, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  if (config.databaseUrl) {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${config.databaseUrl}`]);
    return;
  }
  if (!existsSync(pgliteDir(config))) throw new Error(`No embedded database in ${config.dataDir}.`);
  const unlock = lockDataDirectory(config.dataDir);
  try {
    const pglite = await PGlite.create(pgliteDir(config));
    try {
      const dump = await pglite.dumpDataDir("gzip");
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Puts a backup back. Embedded (the server stopped): the current database is moved aside to
 * `pglite.before-restore-<time>`, never deleted. PostgreSQL: every table is replaced by the backup's,
 * in one transaction (stop the servers first so no write is lost).
 */
export async function restoreDatabase(config: AppConfig, file: string, now = new Date()): Promise<string | undefined> {
  if (!existsSync(file)) throw new Error(`No backup file ${file}.`);
  if (config.databaseUrl) {
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", `--dbname=${config.databaseUrl}`, file]);
    return undefined;
  }
  const unlock = lockDataDirectory(config.dataDir);
  try {
    let movedAside: string | undefined;
    if (existsSync(pgliteDir(config))) {
      movedAside = `${pgliteDir(config)}.before-restore-${now.getTime()}`;
      await rename(pgliteDir(config), movedAside);
    }
    const pglite = await PGlite.create(pgliteDir(config), { loadDataDir: new Blob([await readFile(file)]) });
    await pglite.close();
    return movedAside;
  } finally {
    unlock();
  }
}
