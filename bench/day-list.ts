/**
 * Throughput of GET /api/reception for a day of 500 receptions against the reference (a bare Fastify
 * route serving the same bytes with the same Content-Type and Content-Encoding, as its own process), in
 * the same run, at 10 and 50 connections, plain and brotli-compressed, the load from Debian's `wrk`.
 * Budget (docs/rules.md#quality-bars): at least half the reference's requests per second (the share is the median of the
 * rounds' shares). Each side's CPU time per request is printed too, and its share: the machine may be
 * shared, and that figure moves much less with what else runs.
 * Usage: npm run bench:day-list [-- embedded|postgres]
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "@pharmacy/test-support/free-port";
import { CORES, pinToServerCore } from "./lib/cores.js";
import { startScript } from "./lib/processes.js";
import { engines, post, startBenchServer } from "./lib/server.js";
import { wrk } from "./lib/wrk.js";

const DAY_SIZE = 500;
const DURATION_S = 2;
/** Reference and day list alternate, so a burst of load from elsewhere on the machine hits both alike. */
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const CONNECTIONS = [10, 50];
const BUDGET = 0.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

/** The reference must answer what the day list answers: same bytes, same type and encoding. */
function assertSameAnswer(list: Answer, reference: Answer): void {
  const differences = [
    list.status !== 200 || reference.status !== 200 ? `status ${list.status} / ${reference.status}` : "",
    list.body.equals(reference.body) ? "" : "body",
    ...["content-type", "content-encoding", "content-length"].map((name) =>
      list.headers[name] === reference.headers[name] ? "" : name,
    ),
  ].filter(Boolean);
  if (differences.length > 0) throw new Error(`the reference differs from the day list: ${differences.join(", ")}`);
}

/** CPU time (user + system) a process has used, in ms (Linux /proc, 10-ms ticks). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Requests per second, and the server's CPU time per request: on a machine others load, the rate
 * follows the CPU share the process gets, the CPU time per request much less.
 */
async function measure(
  url: string,
  pid: number,
  connections: number,
  headers: Record<string, string>,
  scratch: string,
) {
  const cpuBefore = await cpuMs(pid);
  const run = await wrk(url, { connections, durationS: DURATION_S, headers, scratch });
  const cpuUsedMs = (await cpuMs(pid)) - cpuBefore;
  if (run.failures > 0) throw new Error(`${url}: ${run.failures} failed requests`);
  return { rate: run.requestsPerSecond, cpuUsPerRequest: (cpuUsedMs * 1000) / (run.requestsPerSecond * DURATION_S) };
}

async function main() {
  const rows: string[] = [];
  const scratch = await mkdtemp(path.join(os.tmpdir(), "bench-day-list-"));
  try {
    for (const engine of engines()) {
      const server = await startBenchServer(engine);
      try {
        await pinToServerCore(server.pid);
        for (let created = 0; created < DAY_SIZE; created += 50) {
          await Promise.all(
            Array.from({ length: 50 }, () => post(server.baseUrl, "/api/reception", undefined, server.token)),
          );
        }
        const listUrl = `${server.baseUrl}/api/reception?pageSize=500`;
        for (const encoding of [undefined, "br"] as const) {
          const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
          const listHeaders = { ...headers, authorization: `Bearer ${server.token}` };
          const list = await get(listUrl, listHeaders);
          const bodyFile = path.join(scratch, `${engine}-${encoding ?? "plain"}`);
          await writeFile(bodyFile, list.body);
          const port = await freePort();
          const referenceUrl = `http://127.0.0.1:${port}/`;
          const reference = await startScript("bare-server.ts", {
            BODY_FILE: bodyFile,
            PORT: String(port),
            ...(encoding && { CONTENT_ENCODING: encoding }),
          });
          try {
            await pinToServerCore(reference.child.pid!);
            assertSameAnswer(list, await get(referenceUrl, headers));
            // warm both up (JIT, the cache's compressed copy) before anything is counted
            await wrk(referenceUrl, { connections: 10, durationS: 1, headers, scratch });
            await wrk(listUrl, { connections: 10, durationS: 1, headers: listHeaders, scratch });
            for (const connections of CONNECTIONS) {
              const references: Awaited<ReturnType<typeof measure>>[] = [];
              const lists: typeof references = [];
              for (let round = 0; round < ROUNDS; round++) {
                references.push(await measure(referenceUrl, reference.child.pid!, connections, headers, scratch));
                lists.push(await measure(listUrl, server.pid, connections, listHeaders, scratch));
              }
              const share = median(lists.map((list, round) => list.rate / references[round]!.rate));
              const cpuShare = median(
                lists.map((list, round) => references[round]!.cpuUsPerRequest / list.cpuUsPerRequest),
              );
              const [listRate, referenceRate] = [
                median(lists.map((run) => run.rate)),
                median(references.map((run) => run.rate)),
              ];
              const [listCpu, referenceCpu] = [
                median(lists.map((run) => run.cpuUsPerRequest)),
                median(references.map((run) => run.cpuUsPerRequest)),
              ];
              rows.push(
                `${engine.padEnd(9)} | ${(encoding ?? "plain").padEnd(5)} ${String((list.body.length / 1024).toFixed(0)).padStart(4)} KB | c=${String(connections).padEnd(2)} | ` +
                  `day list ${listRate.toFixed(0).padStart(5)} req/s ${listCpu.toFixed(0).padStart(4)} µs CPU/req | ` +
                  `reference ${referenceRate.toFixed(0).padStart(5)} req/s ${referenceCpu.toFixed(0).padStart(4)} µs CPU/req | ` +
                  `share ${share.toFixed(2)} (budget ≥ ${BUDGET}: ${share >= BUDGET ? "met" : "MISSED"}); by CPU/req ${cpuShare.toFixed(2)}`,
              );
              console.log(rows.at(-1));
            }
          } finally {
            await reference.stop();
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  console.log(
    `\nGET /api/reception (day of ${DAY_SIZE}, pageSize=500) against a bare route serving the same bytes, wrk -t1, ` +
      `medians of ${ROUNDS} alternating ${DURATION_S}-s rounds; ${CORES ? `server and reference on core ${CORES.server}, wrk on core ${CORES.load}` : "one core"}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores\n${rows.join("\n")}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
