import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";
import { dumpMigratedPGlite } from "../src/db/database.js";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | undefined;
    /** Embedded: a migrated database's dump every test database starts from (test/helpers/test-database.ts). */
    pgliteDumpFile: string | undefined;
  }
}

/**
 * With DATABASE_URL (npm run test:pg), the suite runs in a database of its own, dropped afterwards.
 * Without, the migrations run once here instead of in each embedded database the suite opens.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-test-dump-"));
    const file = path.join(dir, "migrated.tar");
    await writeFile(file, Buffer.from(await (await dumpMigratedPGlite()).arrayBuffer()));
    project.provide("databaseUrl", undefined);
    project.provide("pgliteDumpFile", file);
    return () => rm(dir, { recursive: true, force: true });
  }
  const database = await createScratchDatabase(serverUrl, "pharmacy_test");
  project.provide("databaseUrl", database.url);
  project.provide("pgliteDumpFile", undefined);
  return () => database.drop();
}
