import type { TestProject } from "vitest/node";
import { createScratchDatabase } from "@pharmacy/test-support/scratch-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | undefined;
  }
}

/** With DATABASE_URL (npm run test:pg), the suite runs in a database of its own, dropped afterwards. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    project.provide("databaseUrl", undefined);
    return;
  }
  const database = await createScratchDatabase(serverUrl, "pharmacy_test");
  project.provide("databaseUrl", database.url);
  return () => database.drop();
}
