import { randomBytes } from "node:crypto";
import pg from "pg";
import { startServerProcess } from "../../apps/server/test/helpers/server-process.js";

export type Engine = "embedded" | "postgres";

export interface BenchServer {
  engine: Engine;
  baseUrl: string;
  /** The PostgreSQL database of this run, for a second process. */
  databaseUrl?: string;
  /** id token of the demo branch */
  token: string;
  stop(): Promise<void>;
}

const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * The real server as its own process with the demo branch signed in: on a fresh embedded database,
 * or on a database created for this run (and dropped after it) on DATABASE_URL's PostgreSQL.
 */
export async function startBenchServer(
  engine: Engine,
  jwtSecret = randomBytes(32).toString("hex"),
  extraEnv: Record<string, string> = {},
): Promise<BenchServer> {
  const env: Record<string, string> = {
    JWT_SECRET: jwtSecret,
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    LOG_LEVEL: "warn",
    SEED_DEMO: "on",
    DATABASE_URL: "",
    ...extraEnv,
  };
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    const created = await createDatabase(process.env.DATABASE_URL || DEFAULT_POSTGRES);
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  const server = await startServerProcess(env);
  const signIn = await post(server.baseUrl, "/auth/sign_in", { email: "demo@example.com", password: "Demo1234" });
  return {
    engine,
    baseUrl: server.baseUrl,
    ...(env.DATABASE_URL && { databaseUrl: env.DATABASE_URL }),
    token: signIn.body.idToken,
    async stop() {
      await server.stop();
      await dropDatabase();
    },
  };
}

/** A second process on the same PostgreSQL database. */
export async function startPeerProcess(databaseUrl: string, jwtSecret: string) {
  return startServerProcess({ JWT_SECRET: jwtSecret, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", TRUST_PROXY: "on" });
}

async function createDatabase(serverUrl: string) {
  const name = `pharmacy_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function post(baseUrl: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function engines(): Engine[] {
  const chosen = process.argv.slice(2).filter((arg): arg is Engine => arg === "embedded" || arg === "postgres");
  return chosen.length > 0 ? chosen : ["embedded", "postgres"];
}
