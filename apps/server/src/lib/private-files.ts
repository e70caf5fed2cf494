import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The data directory, stored photos, mails and backups hold patients' data and the server's secrets:
 * no other local user may read them. Files are 0600 and folders 0700, whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** The server's and the backup tool's umask: what libraries write (PGlite's cluster, tar) is private as well. */
export const PRIVATE_UMASK = 0o077;

/** Creates the app's own folder (and missing parents) as 0700, and makes it 0700 if an older version left it open. */
export async function privateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/** An empty 0600 file for a tool (tar, pg_dump) to write into: it keeps the mode of a file that exists. */
export async function privateEmptyFile(file: string): Promise<void> {
  await writeFile(file, "", { mode: PRIVATE_FILE_MODE });
  await chmod(file, PRIVATE_FILE_MODE);
}

/**
 * Takes group and other bits off everything under `dir`. PGlite sets its files' modes itself
 * (0666 from its own initdb, 0644 for the pg_internal.init it writes at each start), whatever the
 * process's umask; older versions left files open too. Synchronous on purpose: a cluster holds about a
 * thousand entries, and awaiting each one's lstat kept every start waiting about 150 ms (bench/README.md).
 */
export function privateTree(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mode } = lstatSync(file);
    if ((mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
  }
}
