import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "@pharmacy/test-support/free-port";

const PGBOUNCER = "/usr/sbin/pgbouncer";

export interface PgBouncer {
  /** `serverUrl` with PgBouncer's host and port in front of it. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's PgBouncer in front of `serverUrl` (trust authentication, as this machine's PostgreSQL), on a
 * free port with an ini of its own in a temp directory: transaction pooling, `poolSize` server
 * connections per database and user whatever the number of clients.
 */
export async function startPgBouncer(serverUrl: string, poolSize: number): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-pgbouncer-"));
  const port = await freePort();
  const user = decodeURIComponent(server.username || "postgres");
  await writeFile(path.join(dir, "users.txt"), `"${user}" ""\n`);
  await writeFile(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "users.txt")}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 5000",
      "max_db_connections = 0",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  // PgBouncer refuses to run as root: it then runs as nobody, who must reach its files
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o777);
  const child = spawn(PGBOUNCER, [...(asRoot ? ["-u", "nobody"] : []), path.join(dir, "pgbouncer.ini")], {
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let attempt = 0; !(await accepts(port)); attempt++) {
    if (child.exitCode !== null || attempt > 100) throw new Error(`pgbouncer did not start (see ${dir}/pgbouncer.log)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = new URL(serverUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
