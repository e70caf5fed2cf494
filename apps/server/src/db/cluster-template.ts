import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The empty cluster the build made (scripts/pglite-template.mjs), beside the compiled server. */
const TEMPLATE_FILE = path.join(import.meta.dirname, "pglite-cluster.tar.gz");

/**
 * Makes a new embedded database's folder from the build's empty cluster, so PGlite opens it as on a
 * restart: its own initdb runs a second PostgreSQL and copies its heap, about 790 MB resident at
 * the peak, and PGlite's `loadDataDir` unpacks in JavaScript (100 MB of buffers). `tar` unpacks
 * beside the folder and the whole is renamed into place: a start cut short leaves no half database.
 * Without a build (tsx) or with a database already there, PGlite does as before.
 */
export async function unpackClusterTemplate(pgliteDir: string): Promise<void> {
  if (!existsSync(TEMPLATE_FILE) || !(await isMissingOrEmpty(pgliteDir))) return;
  const unpacking = `${pgliteDir}.unpacking`;
  await rm(unpacking, { recursive: true, force: true });
  await mkdir(unpacking, { recursive: true, mode: 0o700 });
  // the process's umask, not the archive's modes (tar run as root would keep them)
  await run("tar", ["-xzf", TEMPLATE_FILE, "--no-same-owner", "--no-same-permissions", "-C", unpacking]);
  await rename(unpacking, pgliteDir);
}

async function isMissingOrEmpty(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}
