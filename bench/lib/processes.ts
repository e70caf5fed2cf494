import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** Runs a bench helper script as its own process through tsx; resolves once it prints "ready". */
export async function startScript(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(import.meta.dirname, script)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (String(chunk).includes("ready")) resolve();
    });
  });
  return {
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  return statusMb(pid, "VmRSS");
}

/** The highest resident memory of a process since it started, in MB: the kernel's own peak (VmHWM), not a sample. */
export async function peakRssMb(pid: number): Promise<number> {
  return statusMb(pid, "VmHWM");
}

async function statusMb(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
  return kb / 1024;
}

/**
 * CPU time (user + system, every thread, and the children they waited for) of the processes of a
 * process group so far, in ms (Linux /proc): on a loaded machine the part of a start's wall time that is its own.
 */
export async function groupCpuMs(groupId: number): Promise<number> {
  const { readdir, readFile } = await import("node:fs/promises");
  let ticks = 0;
  for (const pid of await readdir("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    // fields after the command name, which may itself hold spaces: pgrp is field 5, utime…cstime 14–17
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== groupId) continue;
    ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
  }
  // USER_HZ is 100 on every Linux architecture node runs on
  return ticks * 10;
}
