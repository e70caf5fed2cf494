/**
 * How long a Web reception takes to reach every connected staff screen of its branch (docs/rules.md#quality-bars:
 * p95 < 200 ms), measured from sending the visitor's POST to the event arriving on each socket:
 * on one process (embedded database, then PostgreSQL) and across two processes on one PostgreSQL.
 * Usage: npm run bench:live
 */
import { randomBytes } from "node:crypto";
import type { ServerFrame } from "@pharmacy/contract/live/realtime";
import { connectSignedIn, type LiveClient } from "@pharmacy/test-support/ws-client";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { percentile } from "./lib/percentile.js";
import { startBenchServer, startPeerProcess, type Engine } from "./lib/server.js";

const SCREENS = 5;
const RECEPTIONS = 100;

const ANSWERS = JSON.stringify({ prescriptionType: "Paper", firstVisit: "no", receiveMethod: "Pharmacy" });

async function sendWebReception(baseUrl: string, slug: string, visitorIp: string): Promise<number> {
  const form = new FormData();
  form.append("patientName", "ヤマダ ハナコ");
  form.append("phone", "09012345678");
  form.append("answers", ANSWERS);
  form.append("photoConsent", "true");
  form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "rx.jpg");
  const response = await fetch(`${baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": visitorIp },
  });
  if (response.status !== 201) throw new Error(`web reception: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { receptionNumber: number }).receptionNumber;
}

function arrival(screen: LiveClient, receptionNumber: number): Promise<number> {
  return screen
    .next(
      (event: ServerFrame) => event.type === "reception.created" && event.reception.receptionNumber === receptionNumber,
      10_000,
    )
    .then(() => performance.now());
}

async function measure(label: string, postTo: string, screensOn: string, token: string): Promise<string> {
  const slug = (
    (await (await fetch(`${postTo}/api/pharmacy`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      publicSlug: string;
    }
  ).publicSlug;
  const screens = await Promise.all(Array.from({ length: SCREENS }, () => connectSignedIn(screensOn, token)));
  const delays: number[] = [];
  try {
    for (let i = 0; i < RECEPTIONS; i++) {
      const started = performance.now();
      // every visitor a different address, as in a real pharmacy: the public rate limit is per address
      const number = await sendWebReception(postTo, slug, `198.18.${i % 250}.${(i >> 8) + 1}`);
      const arrivals = await Promise.all(screens.map((screen) => arrival(screen, number)));
      delays.push(...arrivals.map((at) => at - started));
      for (const screen of screens) screen.events.length = 0;
    }
  } finally {
    for (const screen of screens) screen.close();
  }
  delays.sort((a, b) => a - b);
  const p95 = percentile(delays, 95);
  return `${label.padEnd(30)} | ${delays.length} deliveries | p50 ${percentile(delays, 50).toFixed(1)} ms | p95 ${p95.toFixed(1)} ms | max ${delays.at(-1)!.toFixed(1)} ms | budget p95 < 200 ms: ${p95 < 200 ? "met" : "MISSED"}`;
}

async function main() {
  const rows: string[] = [];
  for (const engine of ["embedded", "postgres"] satisfies Engine[]) {
    const jwtSecret = randomBytes(32).toString("hex");
    const server = await startBenchServer(engine, jwtSecret, { TRUST_PROXY: "1" });
    try {
      rows.push(await measure(`one process, ${engine}`, server.baseUrl, server.baseUrl, server.token));
      if (engine === "postgres") {
        const peer = await startPeerProcess(server.databaseUrl!, jwtSecret);
        try {
          rows.push(await measure("two processes, postgres", server.baseUrl, peer.baseUrl, server.token));
        } finally {
          await peer.stop();
        }
      }
    } finally {
      await server.stop();
    }
  }
  console.log(`\nWeb reception → ${SCREENS} staff screens, ${RECEPTIONS} receptions each\n${rows.join("\n")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
