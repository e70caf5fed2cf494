/**
 * GET /api/reception for a day of 500 receptions at a fixed 300 requests/s (docs/rules.md#quality-bars: p99 < 30 ms),
 * and the time 200 concurrent POST /api/reception take (all distinct and consecutive).
 * Usage: npm run bench:receptions [-- embedded|postgres]
 */
import autocannon from "autocannon";
import { engines, post, startBenchServer, type BenchServer } from "./lib/server.js";

const DAY_SIZE = 500;
const RATE = 300;
const DURATION_S = 10;
const CONCURRENT_CREATES = 200;

async function concurrentCreates(server: BenchServer) {
  const started = performance.now();
  const responses = await Promise.all(
    Array.from({ length: CONCURRENT_CREATES }, () => post(server.baseUrl, "/api/reception", undefined, server.token)),
  );
  const elapsed = performance.now() - started;
  const numbers = responses.map((response) => response.body.receptionNumber as number).sort((a, b) => a - b);
  const consecutive = numbers.every((number, index) => index === 0 || number === numbers[index - 1]! + 1);
  return {
    elapsed,
    ok:
      responses.every((response) => response.status === 201) &&
      consecutive &&
      new Set(numbers).size === CONCURRENT_CREATES,
  };
}

async function fillDay(server: BenchServer, existing: number) {
  for (let created = existing; created < DAY_SIZE; created += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, DAY_SIZE - created) }, () =>
        post(server.baseUrl, "/api/reception", undefined, server.token),
      ),
    );
  }
}

async function listAtFixedRate(server: BenchServer) {
  const result = await autocannon({
    url: `${server.baseUrl}/api/reception?pageSize=500`,
    headers: { authorization: `Bearer ${server.token}` },
    connections: 20,
    overallRate: RATE,
    duration: DURATION_S,
  });
  return result;
}

async function main() {
  const rows: string[] = [];
  for (const engine of engines()) {
    const server = await startBenchServer(engine);
    try {
      const creates = await concurrentCreates(server);
      await fillDay(server, CONCURRENT_CREATES);
      const check = await fetch(`${server.baseUrl}/api/reception?pageSize=500`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      const total = ((await check.json()) as { total: number }).total;
      // warm-up, then the measured run
      await autocannon({
        url: `${server.baseUrl}/api/reception?pageSize=500`,
        headers: { authorization: `Bearer ${server.token}` },
        connections: 10,
        amount: 200,
      });
      const run = await listAtFixedRate(server);
      const non2xx = run.non2xx + run.errors;
      rows.push(
        `${engine.padEnd(9)} | day of ${total} | ${run.requests.average.toFixed(0)} req/s | p50 ${run.latency.p50} ms | p99 ${run.latency.p99} ms | max ${run.latency.max} ms | errors ${non2xx} | ` +
          `${CONCURRENT_CREATES} concurrent creates ${creates.elapsed.toFixed(0)} ms (${creates.ok ? "distinct, consecutive" : "NOT consecutive"}) | ` +
          `budget p99 < 30 ms: ${run.latency.p99 < 30 && non2xx === 0 ? "met" : "MISSED"}`,
      );
    } finally {
      await server.stop();
    }
  }
  console.log(`\nGET /api/reception (pageSize=500) at ${RATE} req/s for ${DURATION_S} s\n${rows.join("\n")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
