import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { createInterface } from "node:readline";

const ROLE_FLAG = "--load-role";
const READY = "ready";
/**
 * The lowest CPU priority: on the real network the phones and PCs this load stands for bring their own
 * CPUs. Here they share the server's two cores, and their work (building and sending 40 MB forms,
 * taking in 300 MB/s of photos) yields to the server's, which is what is measured; the server's own
 * work for that load is still all on these cores.
 */
const LOAD_NICENESS = 19;

type Role = (args: never) => Promise<unknown>;

export interface LoadProcess<T> {
  /** Resolves once the process runs its role. */
  started: Promise<void>;
  /** What the role returned. */
  result: Promise<T>;
}

/**
 * Load that stands for other machines (visitors' phones, other staff screens) runs in a process of its
 * own, as it would on the real network: its CPU work never delays the event loop of the process that
 * measures, and it runs at the lowest priority (LOAD_NICENESS). The same script is started again with
 * the role's name and its arguments as JSON. A load that also measures (its clock is read on arrival)
 * runs at `niceness` 0, as starved it would measure its own wait for a core.
 */
export function startLoadProcess<T>(
  script: string,
  role: string,
  args: unknown,
  niceness = LOAD_NICENESS,
): LoadProcess<T> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ROLE_FLAG, role, JSON.stringify(args)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (child.pid !== undefined && niceness !== 0) setPriority(child.pid, niceness);
  const lines = createInterface({ input: child.stdout });
  let last = "";
  const started = new Promise<void>((resolve) =>
    lines.on("line", (line) => (line === READY ? resolve() : (last = line))),
  );
  const result = new Promise<T>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(last) as T) : reject(new Error(`load role ${role} exited with ${code}`)),
    );
  });
  return { started: Promise.race([started, result.then(() => undefined)]), result };
}

/** In a process started by `startLoadProcess`: runs its role, prints what it returned, and answers true; elsewhere false. */
export async function runLoadRole(roles: Record<string, Role>): Promise<boolean> {
  const at = process.argv.indexOf(ROLE_FLAG);
  if (at < 0) return false;
  const name = process.argv[at + 1]!;
  const role = roles[name];
  if (!role) throw new Error(`no load role ${name}`);
  console.log(READY);
  console.log(JSON.stringify(await role(JSON.parse(process.argv[at + 2]!) as never)));
  return true;
}
