import { execFileSync, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";

const serverRoot = path.resolve(import.meta.dirname, "../..");

/** `npm run build` of the server: dist/main.js, its migrations and the embedded database's empty cluster. */
export function buildServer(): void {
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: serverRoot });
}

export interface CompiledServer {
  baseUrl: string;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** The highest resident memory of the process since it started, in MB (Linux VmHWM: the kernel's own peak, not a sample). */
  peakRssMb(): Promise<number>;
  /** SIGTERM; resolves with its exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL if it still runs (after a failed assertion). */
  kill(): void;
}

/** `node dist/main.js` (after `nodeOptions`) on the embedded database in `dataDir`, once it listens and has seeded the demo. */
export async function startCompiledServer(dataDir: string, nodeOptions: string[] = []): Promise<CompiledServer> {
  const child = spawn(process.execPath, [...nodeOptions, "dist/main.js"], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      WEB_DIST_DIR: path.join(dataDir, "none"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", () => {
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (address && output.includes("Demo login")) resolve(address);
      });
      void exited.then(() => reject(new Error(output)));
    });
    return {
      baseUrl,
      output: () => output,
      peakRssMb: async () =>
        Number(/VmHWM:\s+(\d+) kB/.exec(await readFile(`/proc/${child.pid}/status`, "utf8"))?.[1]) / 1024,
      stop: async () => {
        child.kill("SIGTERM");
        return exited;
      },
      kill: () => void (child.exitCode === null && child.kill("SIGKILL")),
    };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}
