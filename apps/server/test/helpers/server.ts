import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp, type AppInstance } from "../../src/app.js";
import { loadConfig, type AppConfig } from "../../src/config/config.js";
import type { DatabaseHandle } from "../../src/db/database.js";
import { ManualClock } from "../../src/lib/clock.js";
import { ApiClient } from "./api-client.js";
import { openTestDatabase } from "./test-database.js";
import { makeAccount, type TestAccount } from "./factories.js";

export interface TestServer {
  app: AppInstance;
  jwtSecret: string;
  api: ApiClient;
  baseUrl: string;
  clock: ManualClock;
  config: AppConfig;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A real server on a random port over a real database: a throw-away embedded one, or the suite's
 * PostgreSQL database under `npm run test:pg` (or the one `openDatabase` gives). Time is a ManualClock the test can move.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  openDatabase: (dataDir: string, databaseUrl: string | undefined) => Promise<DatabaseHandle> = openTestDatabase,
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-test-"));
  const databaseUrl = inject("databaseUrl");
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "off",
    TRUST_PROXY: "1",
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    PUBLIC_RATE_LIMIT_PER_MINUTE: "100000",
    PUBLIC_SEND_LIMIT_PER_MINUTE: "100000",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...env,
  });
  const database = await openDatabase(dataDir, config.databaseUrl);
  const clock = new ManualClock(new Date("2026-11-20T00:00:00Z"));
  const jwtSecret = config.jwtSecret ?? randomBytes(32).toString("hex");
  const app = await buildApp({ config, database, jwtSecret, clock, logStream });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const server: TestServer = {
    app,
    api: new ApiClient(baseUrl),
    baseUrl,
    clock,
    config,
    database,
    jwtSecret,
    async close() {
      const closing = server.app.close();
      // the file's tests are done: a connection a client left mid-request (code-kinds left one about one run in three) must not hold the close for ever
      server.app.server.closeAllConnections();
      await closing;
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * Stops the server and starts it again over the same database and data directory, as a restarted
 * process would (optionally with another JWT secret, as after a restore onto a new machine).
 */
export async function restartTestServer(
  server: TestServer,
  jwtSecret = server.jwtSecret,
  logStream?: NodeJS.WritableStream,
): Promise<void> {
  await server.app.close();
  server.app = await buildApp({
    config: server.config,
    database: server.database,
    jwtSecret,
    clock: server.clock,
    logStream,
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  server.baseUrl = `http://127.0.0.1:${address.port}`;
  server.api = new ApiClient(server.baseUrl);
  server.jwtSecret = jwtSecret;
}

/** One server and one signed-in branch account for a whole test file, closed after it. */
export function serverWithAccountPerFile(): { server: TestServer; account: TestAccount } {
  const context = {} as { server: TestServer; account: TestAccount };
  beforeAll(async () => {
    context.server = await startTestServer();
    context.account = await makeAccount(context.server);
  });
  afterAll(() => context.server.close());
  return context;
}
