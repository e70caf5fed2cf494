/**
 * Starting like a service: time from `node` to /readyz answering 200 and resident
 * memory idle and under load, for the compiled server (`node apps/server/dist/main.js`, what npm start
 * runs) against the reference of the same run, the TypeScript sources through tsx (how it ran before),
 * and with PGlite's own shared_buffers (128MB) instead of ours (16MB).
 * Embedded database; the first start creates it, the restart opens it. Budget: ready ≤ 3 s after a build.
 * Issue 26: the peak resident memory (VmHWM, from spawn to 2 s after ready) of the first start and the
 * restart, budget < 400 MB each. The compiled server unpacks the build's empty cluster; tsx has no
 * build, so its first start runs PGlite's own initdb (the reference for that peak).
 * `npm start` on an existing data directory (what an operator's restart runs: the staleness check of
 * scripts/start.mjs, then the compiled server), from spawn to the first /readyz 200, in rounds alternating
 * with the reference: an empty Fastify app started by plain node (lib/empty-fastify.mjs). Budget ≤ 1 s.
 * Each is also given as the CPU time its process group spent by then: on a loaded machine the wall time
 * is mostly waiting for a core.
 * Usage: npm run bench:start
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "@pharmacy/test-support/free-port";
import { groupCpuMs, peakRssMb, rssMb } from "./lib/processes.js";
import { post } from "./lib/server.js";

const repoRoot = path.resolve(import.meta.dirname, "..");
const serverRoot = path.join(repoRoot, "apps/server");
const NPM_START_BUDGET_MS = 1000;
const NPM_START_ROUNDS = 5;
const READY_BUDGET_MS = 3000;
const PEAK_RSS_BUDGET_MB = 400;
const SETTLE_MS = 2000;
const LOAD_S = 5;

const variants = {
  compiled: { args: ["--enable-source-maps", "dist/main.js"], env: {} },
  "compiled, PGlite's default 128MB shared_buffers": {
    args: ["--enable-source-maps", "dist/main.js"],
    env: { PGLITE_SHARED_BUFFERS: "128MB" },
  },
  "tsx (reference)": { args: ["--import", "tsx", "src/main.ts"], env: {} },
} as const;

async function startTimed({ args, env }: { args: readonly string[]; env: Record<string, string> }, dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "on",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_PER_MINUTE: "100000",
      JWT_SECRET: "s".repeat(40),
      ...env,
    },
    stdio: "ignore",
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  return {
    baseUrl,
    child,
    readyMs,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function measure(name: keyof typeof variants) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-start-"));
  try {
    const first = await startTimed(variants[name], dataDir);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const firstPeak = await peakRssMb(first.child.pid!);
    await first.stop();
    const server = await startTimed(variants[name], dataDir);
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const idle = await rssMb(server.child.pid!);
      const restartPeak = await peakRssMb(server.child.pid!);
      const { idToken } = (
        await post(server.baseUrl, "/auth/sign_in", { email: "demo@example.com", password: "Demo1234" })
      ).body;
      for (let created = 0; created < 500; created += 50) {
        await Promise.all(Array.from({ length: 50 }, () => post(server.baseUrl, "/api/reception", undefined, idToken)));
      }
      let peak = 0;
      const sampler = setInterval(() => void rssMb(server.child.pid!).then((mb) => (peak = Math.max(peak, mb))), 200);
      await autocannon({
        url: `${server.baseUrl}/api/reception?pageSize=500`,
        connections: 10,
        duration: LOAD_S,
        headers: { authorization: `Bearer ${idToken}` },
      });
      clearInterval(sampler);
      return { name, firstMs: first.readyMs, restartMs: server.readyMs, firstPeak, restartPeak, idle, peak };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Spawn (own process group) to the first /readyz 200: wall time and the group's CPU time; then the whole group stopped. */
async function timeToFirstAnswer(
  command: string,
  args: string[],
  cwd: string,
  dataDir: string,
): Promise<{ wallMs: number; cpuMs: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      JWT_SECRET: "s".repeat(40),
    },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return { wallMs: performance.now() - started, cpuMs: await groupCpuMs(child.pid!) };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
}

async function npmStartRounds() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-npm-start-"));
  try {
    await timeToFirstAnswer("npm", ["start"], repoRoot, dataDir); // builds what is stale, creates the database
    const rounds = [];
    for (let round = 0; round < NPM_START_ROUNDS; round++) {
      const reference = await timeToFirstAnswer(
        process.execPath,
        ["lib/empty-fastify.mjs"],
        import.meta.dirname,
        dataDir,
      );
      const restart = await timeToFirstAnswer("npm", ["start"], repoRoot, dataDir);
      rounds.push({ reference, restart });
    }
    return rounds;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  execFileSync("npm", ["run", "build", "-w", "apps/server"], { stdio: "ignore" });
  const rounds = await npmStartRounds();
  console.log(
    `\nnpm start on an existing data directory, to the first /readyz 200 (budget ≤ ${NPM_START_BUDGET_MS} ms)`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}`,
  );
  for (const { reference, restart } of rounds) {
    console.log(
      `npm start ${restart.wallMs.toFixed(0).padStart(5)} ms (${restart.wallMs <= NPM_START_BUDGET_MS ? "met" : "MISSED"}), ` +
        `CPU ${restart.cpuMs.toFixed(0).padStart(5)} ms | empty Fastify app by node ${reference.wallMs.toFixed(0).padStart(5)} ms, ` +
        `CPU ${reference.cpuMs.toFixed(0).padStart(4)} ms | ratio wall ${(restart.wallMs / reference.wallMs).toFixed(1)}, ` +
        `CPU ${(restart.cpuMs / reference.cpuMs).toFixed(1)}`,
    );
  }
  const results = [];
  for (const name of Object.keys(variants) as Array<keyof typeof variants>) results.push(await measure(name));
  console.log(`\nembedded database; ready = /readyz answers 200; load = day list of 500 at c=10 for ${LOAD_S} s`);
  for (const { name, firstMs, restartMs, firstPeak, restartPeak, idle, peak } of results) {
    const verdict =
      name === "compiled"
        ? ` (budget ≤ ${READY_BUDGET_MS} ms: ${restartMs <= READY_BUDGET_MS ? "met" : "MISSED"})`
        : "";
    const peakVerdict =
      name === "compiled"
        ? ` (budget < ${PEAK_RSS_BUDGET_MB} MB: ${Math.max(firstPeak, restartPeak) < PEAK_RSS_BUDGET_MB ? "met" : "MISSED"})`
        : "";
    console.log(
      `${name.padEnd(48)} | first start ${firstMs.toFixed(0).padStart(5)} ms | restart ${restartMs.toFixed(0).padStart(5)} ms${verdict} | ` +
        `peak RSS first start ${firstPeak.toFixed(0)} MB, restart ${restartPeak.toFixed(0)} MB${peakVerdict} | ` +
        `RSS idle ${idle.toFixed(0)} MB, under load ${peak.toFixed(0)} MB`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
