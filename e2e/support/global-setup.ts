import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { makeLineAccount, startLinePlatform, type LineAccount } from "@pharmacy/test-support/line-platform";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { openAroundTheClock } from "./open-around-the-clock.js";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    /** The LINE channel the local stand-in for LINE's API knows (the server is pointed at it). */
    lineAccount: LineAccount;
  }
}

const webDist = path.resolve(import.meta.dirname, "../../apps/web/dist");

/**
 * Starts the real server (embedded database in a temp folder, the built web app, the demo account) as
 * `npm start` would, its branch open at every hour.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-e2e-"));
  const lineAccount = makeLineAccount("さくら薬局");
  const linePlatform = await startLinePlatform([lineAccount]);
  const server = await startServerProcess(
    {
      DATABASE_URL: "",
      SEED_DEMO: "on",
      LINE_API_BASE_URL: linePlatform.origin,
      WEB_DIST_DIR: webDist,
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      PUBLIC_RATE_LIMIT_PER_MINUTE: "1000",
      PUBLIC_SEND_LIMIT_PER_MINUTE: "1000",
      // a follow-up planned for today is mailed within seconds, not at the next minute (tests/languages.e2e.test.ts)
      FOLLOW_UP_SWEEP_SECONDS: "2",
    },
    dataDir,
  );
  await openAroundTheClock(server.baseUrl);
  project.provide("baseUrl", server.baseUrl);
  project.provide("outboxDir", path.join(dataDir, "outbox"));
  project.provide("lineAccount", lineAccount);

  return async () => {
    await server.stop();
    await linePlatform.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
