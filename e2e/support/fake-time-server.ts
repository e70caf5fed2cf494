import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "@pharmacy/test-support/free-port";

/*
 * The server as a process of its own under Debian's faketime, its clock starting at a chosen moment and
 * moving on: stopped and started again at the next moment on the same data folder, a test crosses
 * nights and weeks (across-days, follow-ups).
 */

const serverRoot = path.resolve(import.meta.dirname, "../../apps/server");
const webDist = path.resolve(import.meta.dirname, "../../apps/web/dist");

export interface FakeTimeServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Whether any process of that group is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The server (`src/main.ts`, as `npm start` runs it) under Debian's faketime, its clock starting at
 * `instant` and moving on. faketime does not pass a stop on to the server, so both run in a process
 * group of their own and the whole group is stopped.
 */
export async function startServerAt(
  instant: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<FakeTimeServer> {
  const port = await freePort();
  const start = instant.replace("T", " ").replace(/(\.\d+)?Z$/, "");
  let output = "";
  const child: ChildProcess = spawn(
    "/usr/bin/faketime",
    ["-f", `@${start}`, process.execPath, "--import", "tsx", "src/main.ts"],
    {
      cwd: serverRoot,
      detached: true,
      env: {
        ...process.env,
        TZ: "UTC",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        SEED_DEMO: "on",
        WEB_DIST_DIR: webDist,
        AUTH_RATE_LIMIT_PER_MINUTE: "1000",
        PUBLIC_RATE_LIMIT_PER_MINUTE: "1000",
        PUBLIC_SEND_LIMIT_PER_MINUTE: "1000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const pid = child.pid!;
  const stop = async () => {
    if (!groupAlive(pid)) return;
    process.kill(-pid, "SIGTERM");
    // the data folder is free once the server itself has ended, not only faketime
    while (groupAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited: ${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server process did not start: ${output}`);
    }
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, stop };
}
