import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.js";

/** The server workspace, run as `npm start` would run it. */
const serverRoot = path.resolve(import.meta.dirname, "../../../apps/server");

/**
 * Another server as a separate OS process (`src/main.ts`), for what must work across processes or
 * survive a crash. With `dataDir` given, the data stays there after the process ends. `commandPrefix`
 * runs it under another program (e.g. `faketime -f @…` to start its clock at another time).
 */
export async function startServerProcess(env: Record<string, string>, dataDir?: string, commandPrefix: string[] = []) {
  const ownDataDir = dataDir ? undefined : await mkdtemp(path.join(os.tmpdir(), "pharmacy-process-"));
  const dir = dataDir ?? ownDataDir!;
  const port = await freePort();
  let output = "";
  const [command, ...args] = [...commandPrefix, process.execPath, "--import", "tsx", "src/main.ts"];
  const child = spawn(command!, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: "warn",
      SEED_DEMO: "off",
      WEB_DIST_DIR: path.join(dir, "none"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // its own process group: a prefix such as faketime forks the server, and a signal to the prefix alone would orphan it
    detached: true,
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server process did not start: ${output}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    child,
    /** Ends the process with that signal (SIGKILL: no chance to flush or clean up). */
    async kill(signal: NodeJS.Signals) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, signal);
      await exited;
      await groupGone(child.pid!);
    },
    async stop() {
      await this.kill("SIGTERM");
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until no process of the group is left: behind a prefix such as faketime, the server is a
 * forked process that may still be writing its data directory when the prefix has exited.
 */
async function groupGone(groupId: number): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
