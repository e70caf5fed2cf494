/**
 * Staff calls while the public endpoints are flooded within their limits (docs/rules.md#quality-bars: p99 < 100 ms):
 * staff reads at a steady pace, first alone (the reference), then while two visitor addresses each
 * keep two web receptions in flight (the per-address cap) with five 8 MB photos each, within the
 * per-minute send limit, and poll the public pages at their read limit.
 * Then a create's time at a steady pace alone (the reference) and while three staff screens
 * keep opening a 4.5 MB photo (budget: under 20 ms); on PostgreSQL with the bytes in the database and
 * again with them in FILES_DIR (`-- files-dir` runs only the latter).
 * The visitors and the other screens are other machines: each runs in a process of its own
 * (lib/load-process.ts), so their work shares the machine's cores but not the measuring event loop.
 * Usage: npm run bench:flood [-- embedded|postgres] [-- photos] [-- files-dir] (photos: only the second part)
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getJson, sendWebReception } from "./lib/fixtures.js";
import { percentile } from "./lib/percentile.js";
import { runLoadRole, startLoadProcess } from "./lib/load-process.js";
import { type Engine, engines, post, startBenchServer } from "./lib/server.js";

const PHASE_MS = 20_000;
const STAFF_EVERY_MS = 50;
const FLOOD_ADDRESSES = ["203.0.113.10", "203.0.113.11"];
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(8 * 1024 * 1024 - 4, 7)]);
const BUDGET_P99_MS = 100;
const PHOTO_PHASE_MS = 15_000;
const CREATE_EVERY_MS = 100;
const SCREENS = 3;
const LARGE_PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4.5 * 1024 * 1024 - 4, 9)]);
const CREATE_BUDGET_MS = 20;

async function staffLatencies(baseUrl: string, token: string, receptionId: string, until: number): Promise<number[]> {
  const paths = ["/api/reception", `/api/reception/${receptionId}`, "/api/pharmacy", "/api/app_settings"];
  const latencies: number[] = [];
  for (let i = 0; performance.now() < until; i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${paths[i % paths.length]}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, STAFF_EVERY_MS - (performance.now() - started))));
  }
  return latencies.sort((a, b) => a - b);
}

/** One visitor address at its limits for `durationMs`; how often the server answered each status (0: no answer). */
async function flood({
  baseUrl,
  slug,
  address,
  durationMs,
}: {
  baseUrl: string;
  slug: string;
  address: string;
  durationMs: number;
}) {
  const until = performance.now() + durationMs;
  const answers = new Map<number, number>();
  const count = (status: number) => answers.set(status, (answers.get(status) ?? 0) + 1);
  const sender = async () => {
    while (performance.now() < until) {
      const response = await sendWebReception(
        baseUrl,
        slug,
        address,
        Array.from({ length: 5 }, () => PHOTO),
      ).catch(() => undefined);
      count(response?.status ?? 0);
      await response?.arrayBuffer().catch(() => undefined);
      if (response?.status === 429) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  const reader = async () => {
    while (performance.now() < until) {
      const response = await fetch(`${baseUrl}/api/public/pharmacy/${slug}`, {
        headers: { "x-forwarded-for": address },
      });
      count(response.status);
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 200)); // 300 a minute
    }
  };
  await Promise.all([sender(), sender(), reader()]);
  return [...answers];
}

const summary = (latencies: number[]) =>
  `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (${latencies.length} calls)`;

const ratio = (loaded: number[], alone: number[], p: number) =>
  (percentile(loaded, p) / percentile(alone, p)).toFixed(2);

/** Creates at a steady pace until `until`; their times, sorted. */
async function createLatencies(baseUrl: string, token: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    const created = await post(baseUrl, "/api/reception", undefined, token);
    if (created.status !== 201) throw new Error(`create: ${created.status}`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, CREATE_EVERY_MS - (performance.now() - started))));
  }
  return latencies.sort((a, b) => a - b);
}

/** A staff screen opening the photo again and again for `durationMs`, reading every byte; how many times. */
async function openPhotoRepeatedly({
  baseUrl,
  token,
  fileId,
  durationMs,
}: {
  baseUrl: string;
  token: string;
  fileId: string;
  durationMs: number;
}) {
  const until = performance.now() + durationMs;
  let opened = 0;
  while (performance.now() < until) {
    const response = await fetch(`${baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = await response.arrayBuffer();
    if (!response.ok || bytes.byteLength !== LARGE_PHOTO.length)
      throw new Error(`photo: ${response.status}, ${bytes.byteLength} bytes`);
    opened += 1;
  }
  return opened;
}

async function createsWhilePhotosOpen(engine: Engine, filesDir?: string) {
  const server = await startBenchServer(engine, undefined, filesDir ? { FILES_DIR: filesDir } : {});
  const label = filesDir ? `${engine}+FILES_DIR` : engine;
  try {
    const form = new FormData();
    form.append("file", new Blob([LARGE_PHOTO], { type: "image/jpeg" }), "large.jpg");
    const upload = await fetch(`${server.baseUrl}/api/file`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${server.token}` },
    });
    const { file } = (await upload.json()) as { file: { id: string } };
    await createLatencies(server.baseUrl, server.token, performance.now() + 2_000); // warm-up
    const reference = await createLatencies(server.baseUrl, server.token, performance.now() + PHOTO_PHASE_MS);
    const screens = Array.from({ length: SCREENS }, () =>
      startLoadProcess<number>(import.meta.filename, "screen", {
        baseUrl: server.baseUrl,
        token: server.token,
        fileId: file.id,
        durationMs: PHOTO_PHASE_MS,
      }),
    );
    await Promise.all(screens.map((screen) => screen.started));
    const [loaded, ...opened] = await Promise.all([
      createLatencies(server.baseUrl, server.token, performance.now() + PHOTO_PHASE_MS),
      ...screens.map((screen) => screen.result),
    ]);
    const total = opened.reduce((sum, n) => sum + n, 0);
    console.log(`${label.padEnd(9)} | create alone:                ${summary(reference)}`);
    console.log(
      `${label.padEnd(9)} | create while ${SCREENS} open 4.5 MB: ${summary(loaded)} | budget < ${CREATE_BUDGET_MS} ms: ` +
        `p50 ${percentile(loaded, 50) < CREATE_BUDGET_MS ? "met" : "MISSED"}, p99 ${percentile(loaded, 99) < CREATE_BUDGET_MS ? "met" : "MISSED"} | ` +
        `against alone: p50 ×${ratio(loaded, reference, 50)}, p99 ×${ratio(loaded, reference, 99)}`,
    );
    console.log(
      `${label.padEnd(9)} | photos opened:               ${total} (${((total * LARGE_PHOTO.length) / 1024 / 1024 / (PHOTO_PHASE_MS / 1000)).toFixed(0)} MB/s)`,
    );
  } finally {
    await server.stop();
  }
}

/** A folder for FILES_DIR, as a shared mount would be, removed after the run. */
async function withFilesDir(work: (filesDir: string) => Promise<void>) {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-bench-files-"));
  try {
    await work(filesDir);
  } finally {
    await rm(filesDir, { recursive: true, force: true });
  }
}

async function main() {
  const photosOnly = process.argv.includes("photos");
  const filesDirOnly = process.argv.includes("files-dir");
  for (const engine of engines()) {
    if (!(filesDirOnly && engine === "postgres")) await createsWhilePhotosOpen(engine);
    if (engine === "postgres") await withFilesDir((filesDir) => createsWhilePhotosOpen(engine, filesDir));
    if (photosOnly) continue;
    const server = await startBenchServer(engine, undefined, { TRUST_PROXY: "1" });
    try {
      const reception = (await post(server.baseUrl, "/api/reception", undefined, server.token)).body as { id: string };
      const { publicSlug } = await getJson<{ publicSlug: string }>(server.baseUrl, "/api/pharmacy", server.token);
      const reference = await staffLatencies(server.baseUrl, server.token, reception.id, performance.now() + PHASE_MS);
      const visitors = FLOOD_ADDRESSES.map((address) =>
        startLoadProcess<[number, number][]>(import.meta.filename, "visitor", {
          baseUrl: server.baseUrl,
          slug: publicSlug,
          address,
          durationMs: PHASE_MS,
        }),
      );
      await Promise.all(visitors.map((visitor) => visitor.started));
      const [flooded, ...counted] = await Promise.all([
        staffLatencies(server.baseUrl, server.token, reception.id, performance.now() + PHASE_MS),
        ...visitors.map((visitor) => visitor.result),
      ]);
      const answers = new Map<number, number>();
      for (const [status, n] of counted.flat()) answers.set(status, (answers.get(status) ?? 0) + n);
      const p99 = percentile(flooded, 99);
      console.log(`${engine.padEnd(9)} | staff alone:        ${summary(reference)}`);
      console.log(
        `${engine.padEnd(9)} | staff under flood:  ${summary(flooded)} | budget p99 < ${BUDGET_P99_MS} ms: ${p99 < BUDGET_P99_MS ? "met" : "MISSED"}`,
      );
      console.log(
        `${engine.padEnd(9)} | flood answers:      ${[...answers]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(", ")}`,
      );
    } finally {
      await server.stop();
    }
  }
}

if (!(await runLoadRole({ visitor: flood, screen: openPhotoRepeatedly }))) await main();
