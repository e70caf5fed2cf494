/**
 * Throughput of GET /api/reception for a day of 500 receptions against the reference (a bare Fastify
 * route serving the same bytes, as its own process), in the same run, at 10 and 50 connections, plain
 * and brotli-compressed. Budget (SPEC 6): at least half the reference's requests per second (the share
 * is the median of the rounds' shares).
 * Usage: npm run bench:day-list [-- embedded|postgres]
 */
import { writeFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "@pharmacy/test-support/free-port";
import { startScript } from "./lib/processes.js";
import { engines, post, startBenchServer } from "./lib/server.js";

const DAY_SIZE = 500;
const DURATION_S = 3;
/** Reference and day list alternate, so a burst of load from elsewhere on the machine hits both alike. */
const ROUNDS = 3;
const CONNECTIONS = [10, 50];
const BUDGET = 0.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function requestsPerSecond(url: string, connections: number, headers: Record<string, string>) {
  await autocannon({ url, connections, headers, amount: 200 });
  const run = await autocannon({ url, connections, headers, duration: DURATION_S });
  if (run.non2xx + run.errors > 0) throw new Error(`${url}: ${run.non2xx} non-2xx, ${run.errors} errors`);
  return run.requests.average;
}

async function dayBytes(url: string, token: string, acceptEncoding: string | undefined) {
  const { request } = await import("node:http");
  return new Promise<Buffer>((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve(Buffer.concat(chunks)));
    })
      .on("error", reject)
      .end();
  });
}

async function main() {
  const rows: string[] = [];
  const scratch = await mkdtemp(path.join(os.tmpdir(), "bench-day-list-"));
  try {
    for (const engine of engines()) {
      const server = await startBenchServer(engine);
      try {
        for (let created = 0; created < DAY_SIZE; created += 50) {
          await Promise.all(Array.from({ length: 50 }, () => post(server.baseUrl, "/api/reception", undefined, server.token)));
        }
        const listUrl = `${server.baseUrl}/api/reception?pageSize=500`;
        for (const encoding of [undefined, "br"] as const) {
          const bytes = await dayBytes(listUrl, server.token, encoding);
          const bodyFile = path.join(scratch, `${engine}-${encoding ?? "plain"}`);
          await writeFile(bodyFile, bytes);
          const port = await freePort();
          const reference = await startScript("bare-server.ts", { BODY_FILE: bodyFile, PORT: String(port), ...(encoding && { CONTENT_ENCODING: encoding }) });
          try {
            const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
            for (const connections of CONNECTIONS) {
              const referenceRates: number[] = [];
              const listRates: number[] = [];
              for (let round = 0; round < ROUNDS; round++) {
                referenceRates.push(await requestsPerSecond(`http://127.0.0.1:${port}/`, connections, headers));
                listRates.push(await requestsPerSecond(listUrl, connections, { ...headers, authorization: `Bearer ${server.token}` }));
              }
              const share = median(listRates.map((rate, round) => rate / referenceRates[round]!));
              const [listRate, referenceRate] = [median(listRates), median(referenceRates)];
              rows.push(
                `${engine.padEnd(9)} | ${(encoding ?? "plain").padEnd(5)} ${String((bytes.length / 1024).toFixed(0)).padStart(4)} KB | c=${String(connections).padEnd(2)} | ` +
                  `day list ${listRate.toFixed(0).padStart(6)} req/s | reference ${referenceRate.toFixed(0).padStart(6)} req/s | ` +
                  `${(share * 100).toFixed(0).padStart(3)} % (budget ≥ ${BUDGET * 100} %: ${share >= BUDGET ? "met" : "MISSED"})`,
              );
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
  console.log(`\nGET /api/reception (day of ${DAY_SIZE}, pageSize=500): medians of ${ROUNDS} alternating ${DURATION_S}-s rounds\n${rows.join("\n")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
