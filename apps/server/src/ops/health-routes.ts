import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/database.js";
import { migrationVersions } from "../db/migrate.js";

const CHECK_TIMEOUT_MS = 2000;

export interface HealthRoutesOptions {
  database: DatabaseHandle;
}

async function withinTimeout(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process answers (a supervisor restarts it otherwise). `/readyz`: it can serve —
 * database reachable, every migration applied, live events listening — so a load balancer sends it
 * traffic; 503 with the failing checks otherwise (and while it shuts down).
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { database }) => {
  const expectedVersions = await migrationVersions();

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const [databaseReachable, migrationsApplied] = await Promise.all([
      withinTimeout(async () => {
        await sql`select 1`.execute(database.db);
        return true;
      }),
      withinTimeout(async () => {
        const { rows } = await sql<{ version: string }>`select version from schema_migrations`.execute(database.db);
        const applied = new Set(rows.map((row) => row.version));
        return expectedVersions.every((version) => applied.has(version));
      }),
    ]);
    const checks = { database: databaseReachable, migrations: migrationsApplied, listen: database.isListening() };
    const ready = Object.values(checks).every(Boolean);
    return reply
      .status(ready ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send({ status: ready ? "ready" : "unavailable", checks });
  });
};
