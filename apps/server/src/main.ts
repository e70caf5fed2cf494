import { setFlagsFromString } from "node:v8";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config/config.js";
import { resolveJwtSecret } from "./config/jwt-secret.js";
import { openDatabase } from "./db/database.js";
import { DEMO_LOGIN, DEMO_STAFF_LOGIN } from "./features/demo/seed.js";
import { stopGracefullyOnSignals } from "./ops/graceful-shutdown.js";
import { PRIVATE_UMASK } from "./lib/private-files.js";

/**
 * The embedded database is PostgreSQL compiled to WebAssembly. By default V8 recompiles each function with
 * its optimising compiler once it has run a little (1.8 MB of code executed), and PostgreSQL's start-up
 * and first queries cross that line for hundreds of functions: about 800 ms of CPU on other threads during
 * every start, on a machine of 2 cores. A budget 100 times larger leaves start-up code on the baseline
 * compiler while the day's hot queries are still optimised once they have run a while (bench/README.md,
 * "A restart"). Read when the module is compiled, so set before the database opens.
 */
const WASM_TIERING_BUDGET = 180_000_000;

async function main(): Promise<void> {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  // Before anything is written: every file and folder the process makes (PGlite's own among them) is its user's only.
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  // Takes the data directory's lock before it returns, then opens and migrates the database while the
  // app's plugins are registered: buildApp awaits it only where the first route needs it.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  });
  // the failure is reported where buildApp awaits it, not as an unhandled rejection meanwhile
  opening.catch(() => {});
  const jwtSecret = opening.then(() => resolveJwtSecret(config.jwtSecret, config.dataDir));
  jwtSecret.catch(() => {});
  const app = await buildApp({ config, database: opening, jwtSecret });
  const database = await opening;

  stopGracefullyOnSignals(app, database, config.shutdownTimeoutMs);

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host;
  const lines = [
    "",
    `  薬局受付 is running on http://${shownHost}:${config.port}  (database: ${database.engine === "pglite" ? `embedded, ${config.dataDir}` : "PostgreSQL"})`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo login (admin): ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    lines.push(`  Demo login (staff): ${DEMO_STAFF_LOGIN.email} / ${DEMO_STAFF_LOGIN.password}`);
  }
  if (!config.mail.smtpUrl) lines.push(`  Mail is written to ${config.mail.outboxDir}`);
  console.log(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
