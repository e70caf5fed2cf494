import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { onLoadCore } from "./cores.js";

export interface WrkRun {
  requestsPerSecond: number;
  /** Socket errors and timeouts plus non-2xx/3xx answers. */
  failures: number;
}

/**
 * Load from Debian's `wrk` (its own process, one thread, on its own core where there are two): unlike
 * autocannon in the bench's own process, the generator neither shares the server's event loop nor
 * parses each body in JavaScript.
 * The headers go in a small Lua script in `scratch`, which also prints the run's figures as JSON.
 */
export async function wrk(
  url: string,
  options: { connections: number; durationS: number; headers: Record<string, string>; scratch: string },
): Promise<WrkRun> {
  const script = path.join(options.scratch, `wrk-${process.pid}-${Date.now()}.lua`);
  const headerLines = Object.entries(options.headers).map(
    ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
  );
  await writeFile(
    script,
    [
      ...headerLines,
      "done = function(summary, latency, requests)",
      "  local e = summary.errors",
      '  io.write(string.format(\'{"requests":%d,"durationUs":%d,"failures":%d}\\n\', summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout + e.status))',
      "end",
    ].join("\n"),
  );
  const { stdout } = await promisify(execFile)(
    ...onLoadCore("wrk", ["-t1", `-c${options.connections}`, `-d${options.durationS}s`, "-s", script, url]),
  );
  const line = stdout.trim().split("\n").at(-1)!;
  const { requests, durationUs, failures } = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    failures: number;
  };
  return { requestsPerSecond: requests / (durationUs / 1e6), failures };
}
