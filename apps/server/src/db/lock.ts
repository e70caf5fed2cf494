import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own and a second process on the same directory silently loses data,
 * so the embedded database is guarded by a lock file: `<pid> <start>`, where start says which
 * process had that pid (boot id and start tick on Linux). A file left by a dead process is taken
 * over, and so is one whose pid now belongs to another process (after a reboot or a container
 * restart pids are handed out again).
 */
export function lockDataDirectory(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid} ${processStart(process.pid)?.id ?? ""}`);
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = lockOwner(file);
      if (owner) {
        throw new Error(`The data directory ${dir} is in use by process ${owner}. Stop it, or set another DATA_DIR.`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}

/** The pid holding the lock, or undefined when no living process is the one that wrote it. */
function lockOwner(file: string): number | undefined {
  const [pidText = "", recordedStart] = readFileSync(file, "utf8").trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const start = processStart(pid);
  if (start === undefined) return pid; // no /proc: the pid is all there is to go on
  if (recordedStart) return recordedStart === start.id ? pid : undefined;
  // a file of an older version holds the pid alone: it cannot be that process's if written before it
  // started (boot time is known to the second, hence the margin)
  return statSync(file).mtimeMs >= start.startedAtMs - 1000 ? pid : undefined;
}

/** Which process has this pid: the boot and the clock tick it started at (Linux), or undefined elsewhere. */
function processStart(pid: number): { id: string; startedAtMs: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // fields after the command name, which may itself hold spaces and parentheses; starttime is field 22
    const startTicks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    if (!Number.isFinite(startTicks) || !Number.isFinite(bootSeconds)) return undefined;
    // USER_HZ is 100 on every Linux architecture node runs on
    return { id: `${bootId}:${startTicks}`, startedAtMs: bootSeconds * 1000 + startTicks * 10 };
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
