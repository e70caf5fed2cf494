import { openAsBlob } from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/database.js";

/** A throw-away database: the suite's PostgreSQL database under `npm run test:pg`, else a new in-memory embedded one. */
export async function openTestDatabase(dataDir: string, databaseUrl = inject("databaseUrl")): Promise<DatabaseHandle> {
  const dumpFile = inject("pgliteDumpFile");
  return openDatabase({
    databaseUrl,
    dataDir,
    inMemory: true,
    ...(dumpFile && { inMemoryFrom: await openAsBlob(dumpFile) }),
  });
}
