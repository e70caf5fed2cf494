import { chmod, mkdir, writeFile } from "node:fs/promises";

/**
 * The data directory, stored photos, mails and backups hold patients' data and the server's secrets:
 * no other local user may read them. Files are 0600 and folders 0700, whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

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
