import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServerProcess } from "@pharmacy/test-support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
  }
}

const webDist = path.resolve(import.meta.dirname, "../../apps/web/dist");

/** Starts the real server (embedded database in a temp folder, the built web app, the demo account) as `npm start` would. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-e2e-"));
  const server = await startServerProcess(
    { DATABASE_URL: "", SEED_DEMO: "on", WEB_DIST_DIR: webDist, AUTH_RATE_LIMIT_PER_MINUTE: "1000", PUBLIC_RATE_LIMIT_PER_MINUTE: "1000", PUBLIC_SEND_LIMIT_PER_MINUTE: "1000" },
    dataDir,
  );
  project.provide("baseUrl", server.baseUrl);
  project.provide("outboxDir", path.join(dataDir, "outbox"));

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
