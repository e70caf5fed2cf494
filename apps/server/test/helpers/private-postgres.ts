import { execFile } from "node:child_process";
import { chown, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "@pharmacy/test-support/free-port";

const run = promisify(execFile);
const BIN = "/usr/lib/postgresql/15/bin";

/**
 * A PostgreSQL server of the test's own, in a temporary directory, that the test may stop and start
 * (the machine's server is shared by other test runs). PostgreSQL refuses to run as root: under root
 * it runs as the `postgres` user.
 */
export async function startPrivatePostgres() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(stdout), Number(group));
  }
  const pg = (command: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(BIN, command), ...args])
      : run(path.join(BIN, command), args);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (action: string, ...extra: string[]) =>
    pg("pg_ctl", ["-D", dataDir, "-w", "-l", path.join(dir, "log"), ...extra, action]);
  await pg("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  await ctl("start", "-o", options);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** A fast shutdown: PostgreSQL ends every connection (57P01), as `pg_ctl restart` does. */
    stop: () => ctl("stop", "-m", "fast"),
    start: () => ctl("start", "-o", options),
    async remove() {
      await ctl("stop", "-m", "immediate").catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
