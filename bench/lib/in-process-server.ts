import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { buildApp } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config/config.js";
import { openDatabase, type DatabaseHandle } from "../../apps/server/src/db/database.js";
import { post, type Engine } from "./server.js";

export interface InProcessServer {
  baseUrl: string;
  /** For seeding straight into the database what the API would need a year of clock for. */
  database: DatabaseHandle;
  /** id token of the demo branch */
  token: string;
  pharmacyId: string;
}

/**
 * The server in this process with the demo branch signed in, on a fresh embedded database or on a
 * database created for this run on DATABASE_URL's PostgreSQL; closed and removed after `run`.
 */
export async function withInProcessServer<T>(engine: Engine, run: (server: InProcessServer) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-in-process-"));
  const scratch =
    engine === "postgres"
      ? await createScratchDatabase(
          process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
          "pharmacy_bench",
        )
      : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "on",
    WEB_DIST_DIR: path.join(dataDir, "none"),
    DATABASE_URL: scratch?.url ?? "",
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, inMemory: false });
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32).toString("hex") });
  try {
    const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    const { body } = await post(baseUrl, "/auth/sign_in", { email: "demo@example.com", password: "Demo1234" });
    return await run({ baseUrl, database, token: body.idToken, pharmacyId: body.user.pharmacyId });
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
