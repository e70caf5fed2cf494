import { execFile } from "node:child_process";
import os from "node:os";
import { promisify } from "node:util";

/**
 * On a machine of two cores or more, the server under test and the load generator each get a core of
 * their own (util-linux's `taskset`): otherwise the scheduler moves them about, and a server that takes
 * longer per request also loses more of its core to the generator, so the share measures the
 * scheduler as much as the server.
 */
export const CORES = os.cpus().length >= 2 ? { server: "1", load: "0" } : undefined;

/** Holds every thread of a running process to the server's core. */
export async function pinToServerCore(pid: number): Promise<void> {
  if (CORES) await promisify(execFile)("taskset", ["-a", "-p", "-c", CORES.server, String(pid)]);
}

/** The command line of the load generator, held to its own core. */
export function onLoadCore(command: string, args: string[]): [string, string[]] {
  return CORES ? ["taskset", ["-c", CORES.load, command, ...args]] : [command, args];
}
