import { execFile, spawn } from "node:child_process";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { AppConfig } from "../config/config.js";
import { lockDataDirectory } from "../db/lock.js";
import { PRIVATE_DIR_MODE, privateDirectory, privateEmptyFile, privateTree } from "../lib/private-files.js";
import {
  BackupRefusedError,
  ENCRYPTED_WITHOUT_PASSPHRASE_MESSAGE,
  decryptingStream,
  encryptingStream,
  isEncryptedBackup,
} from "./backup-encryption.js";

const run = promisify(execFile);

/** Inside an embedded backup: PGlite's own dump beside the `files/` folder of stored file bytes. */
const PGLITE_DUMP = "pglite.tar.gz";
/** Inside a PostgreSQL backup with FILES_DIR: pg_dump's file beside the `files/` folder. */
const POSTGRES_DUMP = "postgres.dump";
/** How pg_dump's custom format starts: a backup without FILES_DIR is that file alone. */
const PG_DUMP_MAGIC = "PGDMP";
/** The files store names its folders by branch id; anything else in FILES_DIR (lost+found, a restore's leftovers) is not backed up. */
const BRANCH_FOLDER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** tar arguments that store the branch folders under `files/`, without writes not yet renamed into place. */
const AS_FILES_FOLDER = ["--exclude=*.partial", "--transform=s,^[0-9a-f]\\{8\\}-,files/&,"];

/** Where the embedded database lives inside DATA_DIR (as database.ts opens it). */
export function pgliteDir(config: AppConfig): string {
  return path.join(config.dataDir, "pglite");
}

export function defaultBackupFile(config: AppConfig, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
  const extension = !config.databaseUrl ? ".tar.gz" : config.filesDir ? ".tar" : ".dump";
  return path.resolve("backups", `pharmacy-${stamp}${extension}${config.backupPassphrase ? ".enc" : ""}`);
}

/**
 * Embedded: one gzipped tarball of PGlite's dump (dumpDataDir) and the stored files (`filesDir`, the files feature's),
 * taken while no server holds the data directory (the lock says so). PostgreSQL: pg_dump's custom
 * format, taken while the servers run; with FILES_DIR, a tar of that dump and then the files folder
 * (not compressed: photos do not shrink). The dump is taken first, so each file its rows name was
 * written before it and is in the copy; files uploaded meanwhile are in it too, named by no row.
 * With BACKUP_PASSPHRASE the archive streams through encryption into `file` (backup-encryption.ts).
 */
export async function backupDatabase(config: AppConfig, filesDir: string, file: string): Promise<void> {
  // a folder made here is private; one the operator chose is left as it is, the file itself is private
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  await privateEmptyFile(file);
  const into = (command: string, args: string[], tolerated?: number) =>
    runInto(file, config.backupPassphrase, command, args, tolerated);
  if (config.databaseUrl && !config.filesDir) {
    await into("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--dbname=${config.databaseUrl}`]);
    return;
  }
  if (config.databaseUrl) {
    const staging = await mkdtemp(path.join(os.tmpdir(), "pharmacy-backup-"));
    try {
      await run("pg_dump", [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--file=${path.join(staging, POSTGRES_DUMP)}`,
        `--dbname=${config.databaseUrl}`,
      ]);
      // 1: a file went while tar read the folder: an upload whose transaction failed, or the sweep's; no row names it
      await into(
        "tar",
        [
          "-cf",
          "-",
          ...AS_FILES_FOLDER,
          "--warning=no-file-removed",
          "-C",
          staging,
          POSTGRES_DUMP,
          "-C",
          filesDir,
          ...(await branchFolders(filesDir)),
        ],
        1,
      );
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
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
    await into("tar", [
      "-czf",
      "-",
      ...AS_FILES_FOLDER,
      "-C",
      staging,
      PGLITE_DUMP,
      "-C",
      filesDir,
      ...(await branchFolders(filesDir)),
    ]);
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

/** Runs a command whose standard output is the backup into `file`, encrypted on the way with a passphrase. */
async function runInto(
  file: string,
  passphrase: string | undefined,
  command: string,
  args: string[],
  tolerated?: number,
): Promise<void> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject).once("close", resolve);
  });
  const written = passphrase
    ? pipeline(child.stdout, encryptingStream(passphrase), createWriteStream(file))
    : pipeline(child.stdout, createWriteStream(file));
  const [code] = await Promise.all([exited, written]);
  if (code !== 0 && code !== tolerated) throw new Error(`${command} failed (${code}): ${stderr.trim()}`);
}

/**
 * Puts a backup back. Embedded (the server stopped): the current database and files are moved aside
 * to `pglite.before-restore-<time>` and `files.before-restore-<time>` (with FILES_DIR, its branch
 * folders into `FILES_DIR/.before-restore-<time>`), never deleted; a backup made before files moved
 * to disk (PGlite's dump alone) still restores, its files then move at start.
 * PostgreSQL: every table is replaced by the backup's, in one transaction (stop the servers first so
 * no write is lost); a backup with files puts back into FILES_DIR those missing there (files never
 * change once written), and files the restored rows do not name are swept by the servers later.
 * An encrypted backup is first decrypted whole into a private folder beside where the restore stages
 * (nothing is restored from it before every record is authenticated), and refused without
 * BACKUP_PASSPHRASE or with another one; an unencrypted backup restores with or without one.
 */
export async function restoreDatabase(
  config: AppConfig,
  filesDir: string,
  file: string,
  now = new Date(),
): Promise<string | undefined> {
  if (!existsSync(file)) throw new Error(`No backup file ${file}.`);
  if (!(await isEncryptedBackup(file))) return restorePlain(config, filesDir, file, now);
  if (!config.backupPassphrase) throw new BackupRefusedError(ENCRYPTED_WITHOUT_PASSPHRASE_MESSAGE);
  const decrypted = await mkdtemp(path.join(config.databaseUrl ? os.tmpdir() : config.dataDir, ".decrypted-"));
  try {
    const plain = path.join(decrypted, "backup");
    await pipeline(createReadStream(file), decryptingStream(config.backupPassphrase), createWriteStream(plain));
    return await restorePlain(config, filesDir, plain, now);
  } finally {
    await rm(decrypted, { recursive: true, force: true });
  }
}

async function restorePlain(config: AppConfig, filesDir: string, file: string, now: Date): Promise<string | undefined> {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, config.filesDir, file);
    return undefined;
  }
  const unlock = lockDataDirectory(config.dataDir);
  // inside the data directory, so the restored files are renamed into place, not copied across disks
  const staging = await mkdtemp(path.join(config.dataDir, ".restore-"));
  try {
    const withFiles = await holds(file, PGLITE_DUMP, true);
    // FILES_DIR may be on another disk (or a mount point): its files are put back straight into it
    if (withFiles)
      await run("tar", [
        "-xzf",
        file,
        "--no-same-permissions",
        "-C",
        staging,
        ...(config.filesDir ? [PGLITE_DUMP] : []),
      ]);
    const movedAside = await moveAside(pgliteDir(config), now);
    if (config.filesDir) await moveBranchFoldersAside(filesDir, now);
    else await moveAside(filesDir, now);
    const pglite = await PGlite.create(pgliteDir(config), {
      loadDataDir: new Blob([await readFile(withFiles ? path.join(staging, PGLITE_DUMP) : file)]),
    });
    await pglite.close();
    privateTree(pgliteDir(config));
    const restoredFiles = path.join(staging, "files");
    if (config.filesDir && withFiles && (await holds(file, "files/", true)))
      await run("tar", ["-xzf", file, "--no-same-permissions", "-C", filesDir, "--strip-components=1", "files"]);
    else if (existsSync(restoredFiles)) {
      await rename(restoredFiles, filesDir);
      await privateDirectory(filesDir);
    }
    return movedAside;
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

async function restorePostgres(databaseUrl: string, filesDir: string | undefined, file: string): Promise<void> {
  if (await startsWith(file, PG_DUMP_MAGIC)) {
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${databaseUrl}`,
      file,
    ]);
    return;
  }
  // a backup of a deployment with no photo yet has no files/ member
  const withFiles = await holds(file, "files/", false);
  if (withFiles && !filesDir)
    throw new Error(`${file} holds stored files: set FILES_DIR to the folder they go back into.`);
  const staging = await mkdtemp(path.join(os.tmpdir(), "pharmacy-restore-"));
  try {
    await run("tar", ["-xf", file, "--no-same-permissions", "-C", staging, POSTGRES_DUMP]);
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${databaseUrl}`,
      path.join(staging, POSTGRES_DUMP),
    ]);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (withFiles && filesDir)
    await run("tar", [
      "-xf",
      file,
      "--no-same-permissions",
      "-C",
      filesDir,
      "--strip-components=1",
      "--skip-old-files",
      "files",
    ]);
}

async function startsWith(file: string, magic: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(magic.length), 0, magic.length, 0);
    return buffer.subarray(0, bytesRead).toString("latin1") === magic;
  } finally {
    await handle.close();
  }
}

async function branchFolders(filesDir: string): Promise<string[]> {
  return (await readdir(filesDir).catch(() => [] as string[])).filter((name) => BRANCH_FOLDER.test(name));
}

/** FILES_DIR may be a mount point: its branch folders are renamed into a folder inside it, on the same disk. */
async function moveBranchFoldersAside(filesDir: string, now: Date): Promise<void> {
  const branches = await branchFolders(filesDir);
  if (branches.length === 0) return;
  const aside = path.join(filesDir, `.before-restore-${now.getTime()}`);
  await privateDirectory(aside);
  for (const branch of branches) await rename(path.join(filesDir, branch), path.join(aside, branch));
}

/** Whether the tarball has that member, or with a trailing slash, anything under that folder. */
async function holds(tarball: string, member: string, gzip: boolean): Promise<boolean> {
  const { stdout } = await run("tar", [gzip ? "-tzf" : "-tf", tarball], { maxBuffer: 256 * 1024 * 1024 });
  return stdout.split("\n").some((name) => (member.endsWith("/") ? name.startsWith(member) : name === member));
}

async function moveAside(dir: string, now: Date): Promise<string | undefined> {
  if (!existsSync(dir)) return undefined;
  const aside = `${dir}.before-restore-${now.getTime()}`;
  await rename(dir, aside);
  return aside;
}
