import { randomBytes } from "node:crypto";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { startServerProcess } from "@pharmacy/test-support/server-process";

export type Engine = "embedded" | "postgres";

export interface BenchServer {
  engine: Engine;
  baseUrl: string;
  /** The PostgreSQL database of this run, for a second process. */
  databaseUrl?: string;
  /** id token of the demo branch */
  token: string;
  /** The server process's id (for its CPU time). */
  pid: number;
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
    const created = await createScratchDatabase(process.env.DATABASE_URL || DEFAULT_POSTGRES, "pharmacy_bench");
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
    pid: server.child.pid!,
    async stop() {
      await server.stop();
      await dropDatabase();
    },
  };
}

/** A second process on the same PostgreSQL database. */
export async function startPeerProcess(databaseUrl: string, jwtSecret: string) {
  return startServerProcess({ JWT_SECRET: jwtSecret, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", TRUST_PROXY: "1" });
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

export function engines(): Engine[] {
  const chosen = process.argv.slice(2).filter((arg): arg is Engine => arg === "embedded" || arg === "postgres");
  return chosen.length > 0 ? chosen : ["embedded", "postgres"];
}
