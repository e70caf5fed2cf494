/**
 * A pharmacy chain on one PostgreSQL: N branches, M staff sockets spread over P server
 * processes (a branch's sockets on different processes), a steady mix of creates and status changes at
 * each rate for a few seconds; optionally through PgBouncer (transaction pooling, LISTEN direct).
 * Prints, per rate: change → frame on the sockets p50/p95/p99 (from the change's own timestamp, set as its
 * transaction begins), write and list latency, pool waits, PostgreSQL connections, CPU per change; the
 * reference is the same rates against one process, measured in the same run. Beside the N organisations of
 * one, one organisation of N branches takes its share of the changes, and its admin reads the chain's day
 * and switches branch meanwhile, against a single branch's list (lib/organization-load.ts).
 * Usage: npm run bench:chain [-- --branches 1000 --sockets 2000 --processes 4 --rates 50,100,200,400 --seconds 10 --pgbouncer on|off|both --displays 0]
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { ServerFrame } from "@pharmacy/contract/live/realtime";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { connectLive } from "@pharmacy/test-support/ws-client";
import { createIdTokens } from "../apps/server/src/features/auth/id-tokens.js";
import { systemClock } from "../apps/server/src/lib/clock.js";
import { runLoadRole, startLoadProcess } from "./lib/load-process.js";
import { growth, scrapeMetrics } from "./lib/metrics.js";
import {
  organizationReads,
  organizationRow,
  seedOrganization,
  type OrganizationReads,
} from "./lib/organization-load.js";
import { percentile } from "./lib/percentile.js";
import { startPgBouncer } from "./lib/pgbouncer.js";

const SCRIPT = import.meta.filename;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
/** Reads of the day list while the changes run (a screen opening its list), per second in all. */
const LIST_RATE = 20;
/** Time given to the load processes to connect their sockets before the first rate starts. */
const CONNECT_MS = 25_000;
/** Frames of a change still arriving after its rate's window. */
const DRAIN_MS = 3000;
const NEXT_STATUS = { null: "Reviewing", Reviewing: "Dispensing", Dispensing: "Completed" } as const;
const BUDGET_EVENT_P95_MS = 200;

interface Branch {
  token: string;
  displayToken: string;
}
interface Phase {
  rate: number;
  from: number;
  to: number;
}
interface SocketArgs {
  urls: string[];
  /** A JSON file of the branches (their tokens are too many for a command line). */
  branchesFile: string;
  sockets: number;
  displays: number;
  endAt: number;
}
interface WriterArgs {
  urls: string[];
  branchesFile: string;
  phases: Phase[];
}
interface PhaseWrites {
  writes: number[];
  errors: number;
  /** The first few failures' messages. */
  failures: string[];
  lists: number[];
}

/** The sockets: each frame's delay from its change's timestamp, with the time the change was made. */
async function sockets({ urls, branchesFile, sockets: count, displays, endAt }: SocketArgs) {
  const branches = JSON.parse(await readFile(branchesFile, "utf8")) as Branch[];
  const samples: Array<[number, number]> = [];
  const boardSamples: Array<[number, number]> = [];
  let connected = 0;
  const open = async (index: number, display: boolean) => {
    const branch = index % branches.length;
    const url = urls[(index + Math.floor(index / branches.length)) % urls.length]!;
    const client = await connectLive(url, {
      type: "auth",
      idToken: display ? branches[branch]!.displayToken : branches[branch]!.token,
      sessionId: randomUUID(),
    });
    // a loaded machine may take a while to answer thousands of sign-ins at once
    await client.next((frame) => frame.type === "auth.ok", CONNECT_MS);
    connected += 1;
    client.socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      const now = Date.now();
      if (frame.type === "reception.created" || frame.type === "reception.updated") {
        const at = Date.parse(frame.reception.updatedAt);
        samples.push([at, now - at]);
      } else if (frame.type === "board.updated") boardSamples.push([now, 0]);
    });
    client.events.length = 0;
    return client;
  };
  const clients = [];
  for (let start = 0; start < count + displays; start += 50) {
    const batch = [];
    for (let index = start; index < Math.min(start + 50, count + displays); index++)
      batch.push(index < count ? open(index, false) : open(index - count, true));
    clients.push(...(await Promise.all(batch)));
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, endAt - Date.now())));
  for (const client of clients) client.close();
  return { connected, samples, boards: boardSamples.length };
}

/** The changes at each phase's rate (open loop: one every 1/rate s whatever the answers), and the lists. */
async function writer({ urls, branchesFile, phases }: WriterArgs): Promise<PhaseWrites[]> {
  const branches = JSON.parse(await readFile(branchesFile, "utf8")) as Branch[];
  const open = branches.map(() => [] as Array<{ id: string; status: keyof typeof NEXT_STATUS }>);
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { "content-type": "application/json" }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${response.status}`);
    return response.json() as Promise<{ id: string; status: keyof typeof NEXT_STATUS | null }>;
  };
  const change = async (result: PhaseWrites) => {
    const branch = Math.floor(Math.random() * branches.length);
    const url = pick(urls);
    const token = branches[branch]!.token;
    const started = performance.now();
    try {
      const mine = open[branch]!;
      if (mine.length > 0 && Math.random() < 0.5) {
        const reception = mine.shift()!;
        const status = NEXT_STATUS[reception.status];
        await call("PATCH", `${url}/api/reception/${reception.id}`, token, { id: reception.id, status });
        if (status !== "Completed") mine.push({ id: reception.id, status });
      } else {
        const created = await call("POST", `${url}/api/reception`, token);
        mine.push({ id: created.id, status: "null" });
      }
      result.writes.push(performance.now() - started);
    } catch (error) {
      failed(result, error);
    }
  };
  const list = async (result: PhaseWrites) => {
    const started = performance.now();
    try {
      await call(
        "GET",
        `${pick(urls)}/api/reception?pageSize=500`,
        branches[Math.floor(Math.random() * branches.length)]!.token,
      );
      result.lists.push(performance.now() - started);
    } catch (error) {
      failed(result, error);
    }
  };
  const failed = (result: PhaseWrites, error: unknown) => {
    result.errors += 1;
    if (result.failures.length < 3) result.failures.push(String((error as Error).cause ?? error));
  };
  const results: PhaseWrites[] = [];
  // a slow phase's answers still in flight do not hold back the next phase's changes
  const inFlight: Array<Promise<void>> = [];
  for (const phase of phases) {
    const result: PhaseWrites = { writes: [], errors: 0, failures: [], lists: [] };
    results.push(result);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, phase.from - Date.now())));
    let changes = 0;
    let lists = 0;
    while (Date.now() < phase.to) {
      const elapsed = Date.now() - phase.from;
      for (; changes < Math.floor((elapsed * phase.rate) / 1000); changes++) inFlight.push(change(result));
      for (; lists < Math.floor((elapsed * LIST_RATE) / 1000); lists++) inFlight.push(list(result));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  await Promise.all(inFlight);
  return results;
}

if (!(await runLoadRole({ sockets, writer, organization: organizationReads }))) await main();

async function main() {
  const { values } = parseArgs({
    options: {
      branches: { type: "string", default: "1000" },
      sockets: { type: "string", default: "2000" },
      displays: { type: "string", default: "0" },
      processes: { type: "string", default: "4" },
      rates: { type: "string", default: "50,100,200,400" },
      seconds: { type: "string", default: "10" },
      pgbouncer: { type: "string", default: "both" },
    },
  });
  const branchCount = Number(values.branches);
  const rates = values.rates.split(",").map(Number);
  const processes = Number(values.processes);
  const serverUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  const scratch = await createScratchDatabase(serverUrl, "pharmacy_bench_chain");
  const jwtSecret = randomBytes(32).toString("hex");
  const rows: string[] = [];
  try {
    const folder = await mkdtemp(path.join(os.tmpdir(), "bench-chain-"));
    const branchesFile = path.join(folder, "branches.json");
    const organizationFile = path.join(folder, "organization.json");
    const { branches, organization } = await seedBranches(scratch.url, branchCount, jwtSecret);
    await writeFile(branchesFile, JSON.stringify([...branches, ...organization.branchTokens]));
    await writeFile(organizationFile, JSON.stringify(organization));
    const setups: Array<{ processes: number; bouncer: boolean }> = [];
    for (const bouncer of values.pgbouncer === "both" ? [false, true] : [values.pgbouncer === "on"]) {
      setups.push({ processes: 1, bouncer });
      if (processes !== 1) setups.push({ processes, bouncer });
    }
    for (const setup of setups) {
      rows.push(
        ...(await runSetup({
          ...setup,
          databaseUrl: scratch.url,
          jwtSecret,
          branchesFile,
          organizationFile,
          rates,
          seconds: Number(values.seconds),
          sockets: Number(values.sockets),
          displays: Number(values.displays),
        })),
      );
    }
  } finally {
    await scratch.drop();
  }
  console.log(
    `\n${branchCount} branches, ${values.sockets} staff sockets, ${values.displays} displays; ${values.seconds} s per rate; 2-core machine shared with other work (figures are noisy: compare rows of the same run)\n` +
      "setup                 | rate/s | changes | frames   | change→frame p50 / p95 / p99 ms | write p50 / p99 ms | list p50 / p99 ms | pool waits (max waiting) | PG conns (active max) | CPU ms/change | queries/change (of which frames) | budget p95 < 200 ms\n" +
      rows.filter((row) => !row.includes("chain's day")).join("\n") +
      `\n\nthe organisation of ${branchCount} branches while the changes run (p50 / p95 ms; budgets p95: the chain's day < 300 ms, a switch < 200 ms)\n` +
      rows.filter((row) => row.includes("chain's day")).join("\n"),
  );
}

/**
 * N branches with one person each, and one organisation of N branches more, seeded in SQL; their id tokens
 * signed with the servers' secret.
 */
async function seedBranches(databaseUrl: string, count: number, jwtSecret: string) {
  // the first server process migrates the database: one is started and stopped to do it
  const migrator = await startServerProcess({ DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret });
  await migrator.stop();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tokens = createIdTokens(jwtSecret, systemClock);
  const branches: Branch[] = [];
  try {
    const ids = Array.from({ length: count }, () => ({
      pharmacy: randomUUID(),
      user: randomUUID(),
      device: randomUUID(),
    }));
    // each branch an organisation of one, as a migrated single store is (docs/rules.md#organisations)
    await client.query("insert into organizations (id, name) select p, 'さくら薬局' from unnest($1::uuid[]) p", [
      ids.map((id) => id.pharmacy),
    ]);
    await client.query(
      "insert into pharmacies (id, name, public_slug, organization_id) select p, 'さくら薬局', replace(p::text, '-', ''), p from unnest($1::uuid[]) p",
      [ids.map((id) => id.pharmacy)],
    );
    await client.query(
      "insert into users (id, email, password_hash, confirmed_at, name) select u, u::text || '@example.jp', null, now(), '薬剤師' from unnest($1::uuid[]) u",
      [ids.map((id) => id.user)],
    );
    await client.query(
      "insert into memberships (user_id, pharmacy_id, role, joined_at) select u, p, 'admin', now() from unnest($1::uuid[], $2::uuid[]) as t(u, p)",
      [ids.map((id) => id.user), ids.map((id) => id.pharmacy)],
    );
    for (const id of ids) {
      const token = await tokens.sign({
        userId: id.user,
        pharmacyId: id.pharmacy,
        email: `${id.user}@example.jp`,
        name: "薬剤師",
        role: "admin",
        organizationId: id.pharmacy,
        organizationAdmin: false,
        sessionId: randomUUID(),
        mfaSetupRequired: false,
      });
      const displayToken = await tokens.sign({
        userId: id.device,
        pharmacyId: id.pharmacy,
        email: "",
        name: "呼出画面",
        role: "display",
        organizationId: id.pharmacy,
        organizationAdmin: false,
        sessionId: randomUUID(),
        mfaSetupRequired: false,
      });
      branches.push({ token, displayToken });
    }
    return { branches, organization: await seedOrganization(client, count, tokens) };
  } finally {
    await client.end();
  }
}

async function runSetup(options: {
  processes: number;
  bouncer: boolean;
  databaseUrl: string;
  jwtSecret: string;
  branchesFile: string;
  organizationFile: string;
  rates: number[];
  seconds: number;
  sockets: number;
  displays: number;
}): Promise<string[]> {
  const label =
    `${options.processes} process${options.processes > 1 ? "es" : ""}${options.bouncer ? ", PgBouncer" : ", direct"}`.padEnd(
      21,
    );
  // PgBouncer holds 20 server connections whatever the number of processes; LISTEN bypasses it
  const bouncer = options.bouncer ? await startPgBouncer(options.databaseUrl, 20) : undefined;
  const env = {
    DATABASE_URL: bouncer?.url ?? options.databaseUrl,
    DATABASE_LISTEN_URL: options.databaseUrl,
    JWT_SECRET: options.jwtSecret,
    AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
    LOG_LEVEL: "warn",
  };
  const servers = await Promise.all(Array.from({ length: options.processes }, () => startServerProcess(env)));
  const urls = servers.map((server) => server.baseUrl);
  const monitor = new pg.Client({ connectionString: options.databaseUrl, application_name: "bench-chain-monitor" });
  await monitor.connect();
  const rows: string[] = [];
  try {
    const firstAt = Date.now() + CONNECT_MS;
    const phases = options.rates.map((rate, index) => ({
      rate,
      from: firstAt + index * (options.seconds * 1000 + DRAIN_MS),
      to: firstAt + index * (options.seconds * 1000 + DRAIN_MS) + options.seconds * 1000,
    }));
    const endAt = phases.at(-1)!.to + DRAIN_MS;
    const socketLoad = startLoadProcess<Awaited<ReturnType<typeof sockets>>>(
      SCRIPT,
      "sockets",
      {
        urls,
        branchesFile: options.branchesFile,
        sockets: options.sockets,
        displays: options.displays,
        endAt,
      } satisfies SocketArgs,
      0,
    );
    const writerLoad = startLoadProcess<PhaseWrites[]>(
      SCRIPT,
      "writer",
      { urls, branchesFile: options.branchesFile, phases } satisfies WriterArgs,
      0,
    );
    const organizationLoad = startLoadProcess<OrganizationReads[]>(
      SCRIPT,
      "organization",
      { urls, seedFile: options.organizationFile, phases },
      0,
    );
    const observed: Array<{
      before: Array<Map<string, number>>;
      after: Array<Map<string, number>>;
      samples: { waiting: number; connections: number; active: number };
    }> = [];
    for (const phase of phases) {
      await sleepUntil(phase.from);
      const before = await Promise.all(urls.map(scrapeMetrics));
      const samples = { waiting: 0, connections: 0, active: 0 };
      while (Date.now() < phase.to - 500) {
        const waiting = (await Promise.all(urls.map(scrapeMetrics))).reduce(
          (sum, values) => sum + (values.get('database_pool_connections{state="waiting"}') ?? 0),
          0,
        );
        const { rows: activity } = await monitor.query<{ total: string; active: string }>(
          "select count(*) as total, count(*) filter (where state = 'active') as active from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        samples.waiting = Math.max(samples.waiting, waiting);
        samples.connections = Math.max(samples.connections, Number(activity[0]!.total));
        samples.active = Math.max(samples.active, Number(activity[0]!.active));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      await sleepUntil(phase.to + DRAIN_MS - 200);
      const after = await Promise.all(urls.map(scrapeMetrics));
      observed.push({ before, after, samples });
    }
    const [socketResult, writes, organizationResults] = await Promise.all([
      socketLoad.result,
      writerLoad.result,
      organizationLoad.result,
    ]);
    phases.forEach((phase, index) => rows.push(organizationRow(label, phase.rate, organizationResults[index]!)));
    phases.forEach((phase, index) => {
      const { before, after, samples } = observed[index]!;
      const write = writes[index]!;
      const delays = socketResult.samples
        .filter(([at]) => at >= phase.from && at < phase.to)
        .map(([, delay]) => delay)
        .sort((a, b) => a - b);
      const changes = write.writes.length;
      if (changes === 0)
        return void rows.push(
          `${label} | ${String(phase.rate).padStart(6)} | no change answered within the run (${write.errors} failed)`,
        );
      const cpuMs = (growth(before, after, "process_cpu_seconds_total") * 1000) / changes;
      const queries = growth(before, after, "database_queries_total") / changes;
      const frameQueries = growth(before, after, 'database_queries_total{origin="live_frames"}') / changes;
      const waits = growth(before, after, "database_pool_waits_total");
      const p = (values: number[], at: number) => percentile(values, at).toFixed(1);
      const sortedWrites = [...write.writes].sort((a, b) => a - b);
      const sortedLists = [...write.lists].sort((a, b) => a - b);
      const p95 = percentile(delays, 95);
      rows.push(
        `${label} | ${String(phase.rate).padStart(6)} | ${String(changes).padStart(7)}${write.errors ? ` (${write.errors} failed)` : ""} | ${String(delays.length).padStart(8)} | ${p(delays, 50)} / ${p(delays, 95)} / ${p(delays, 99)} | ${p(sortedWrites, 50)} / ${p(sortedWrites, 99)} | ${p(sortedLists, 50)} / ${p(sortedLists, 99)} | ${Number.isNaN(waits) ? "—" : waits} (${samples.waiting}) | ${samples.connections} (${samples.active}) | ${cpuMs.toFixed(2)} | ${Number.isNaN(queries) ? "—" : `${queries.toFixed(1)} (frames ${frameQueries.toFixed(2)})`} | ${p95 < BUDGET_EVENT_P95_MS ? "met" : "MISSED"}`,
      );
    });
    for (const write of writes)
      if (write.failures.length) rows.push(`${label} | failures: ${write.failures.join("; ")}`);
    rows.push(
      `${label} | sockets connected: ${socketResult.connected} of ${options.sockets + options.displays}; board frames: ${socketResult.boards}`,
    );
  } finally {
    await monitor.end();
    await Promise.all(servers.map((server) => server.stop()));
    await bouncer?.stop();
  }
  return rows;
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
}
