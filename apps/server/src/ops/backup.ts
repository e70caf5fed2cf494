import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { AppConfig } from "../config/config.js";
import { lockDataDirectory } from "../db/lock.js";
import { PRIVATE_DIR_MODE, privateDirectory, privateEmptyFile } from "../lib/private-files.js";

const run = promisify(execFile);

/** Inside an embedded backup: PGlite's own dump beside the `files/` folder of stored file bytes. */
const PGLITE_DUMP = "pglite.tar.gz";

/** Where the embedded database lives inside DATA_DIR (as database.ts opens it). */
function pgliteDir(config: AppConfig): string {
  return path.join(config.dataDir, "pglite");
}

export function defaultBackupFile(config: AppConfig, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  return path.resolve("backups", `pharmacy-${stamp}${config.databaseUrl ? ".dump" : ".tar.gz"}`);
}

/**
 * Embedded: one gzipped tarball of PGlite's dump (dumpDataDir) and the stored files (`filesDir`, the files feature's),
 * taken while no server holds the data directory (the lock says so). PostgreSQL: pg_dump's custom
 * format, taken while the servers run; file bytes are in the database there.
 */
export async function backupDatabase(config: AppConfig, filesDir: string, file: string): Promise<void> {
  // a folder made here is private; one the operator chose is left as it is, the file itself is private
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  await privateEmptyFile(file);
  if (config.databaseUrl) {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${config.databaseUrl}`]);
    return;
  }
  if (!existsSync(pgliteDir(config))) throw new Error(`No embedded database in ${config.dataDir}.`);
  const unlock = lockDataDirectory(config.dataDir);
  const staging = await mkdtemp(path.join(os.tmpdir(), "pharmacy-backup-"));
  try {
    const pglite = await PGlite.create(pgliteDir(config));
    try {
      const dump = await pglite.dumpDataDir("gzip");
      await writeFile(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
    await privateDirectory(filesDir);
    await run("tar", ["-czf", file, "-C", staging, PGLITE_DUMP, "-C", config.dataDir, path.basename(filesDir)]);
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

/**
 * Puts a backup back. Embedded (the server stopped): the current database and files are moved aside
 * to `pglite.before-restore-<time>` and `files.before-restore-<time>`, never deleted; a backup made
 * before files moved to disk (PGlite's dump alone) still restores, its files then move at start.
 * PostgreSQL: every table is replaced by the backup's, in one transaction (stop the servers first so
 * no write is lost).
 */
export async function restoreDatabase(config: AppConfig, filesDir: string, file: string, now = new Date()): Promise<string | undefined> {
  if (!existsSync(file)) throw new Error(`No backup file ${file}.`);
  if (config.databaseUrl) {
    await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", `--dbname=${config.databaseUrl}`, file]);
    return undefined;
  }
  const unlock = lockDataDirectory(config.dataDir);
  // inside the data directory, so the restored files are renamed into place, not copied across disks
  const staging = await mkdtemp(path.join(config.dataDir, ".restore-"));
  try {
    const withFiles = await holds(file, PGLITE_DUMP);
    if (withFiles) await run("tar", ["-xzf", file, "-C", staging]);
    const movedAside = await moveAside(pgliteDir(config), now);
    await moveAside(filesDir, now);
    const pglite = await PGlite.create(pgliteDir(config), { loadDataDir: new Blob([await readFile(withFiles ? path.join(staging, PGLITE_DUMP) : file)]) });
    await pglite.close();
    const restoredFiles = path.join(staging, path.basename(filesDir));
    if (existsSync(restoredFiles)) await rename(restoredFiles, filesDir);
    return movedAside;
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

async function holds(tarball: string, member: string): Promise<boolean> {
  const { stdout } = await run("tar", ["-tzf", tarball], { maxBuffer: 256 * 1024 * 1024 });
  return stdout.split("\n").includes(member);
}

async function moveAside(dir: string, now: Date): Promise<string | undefined> {
  if (!existsSync(dir)) return undefined;
  const aside = `${dir}.before-restore-${now.getTime()}`;
  await rename(dir, aside);
  return aside;
}
