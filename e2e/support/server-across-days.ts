import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { newAppContext } from "./browser.js";
import { browserPerFile } from "./browser-per-file.js";
import { startServerAt, type FakeTimeServer } from "./fake-time-server.js";

export interface ServerAcrossDays {
  /** The server at `instant`, on the same data as before; its address. */
  serverAt(instant: string): Promise<string>;
  /** A browser context whose clock reads `instant` and moves on from there. */
  contextAt(baseUrl: string, instant: string, options: BrowserContextOptions): Promise<BrowserContext>;
  /** A 375 px phone's page at `instant`. */
  phoneAt(baseUrl: string, instant: string): Promise<Page>;
  /** Where the server writes its mails. */
  outboxDir(): string;
}

/**
 * A test file's server under faketime on one data folder, moved from moment to moment (across-days,
 * follow-ups), with one browser whose contexts are set to the same moment: the app's "today" (the
 * browser's) and the server's agree. Everything is stopped and removed after the file.
 */
export function serverAcrossDays(name: string, env: Record<string, string> = {}): ServerAcrossDays {
  const browser = browserPerFile();
  let dataDir: string;
  let server: FakeTimeServer | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `pharmacy-${name}-`));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const contextAt = async (baseUrl: string, instant: string, options: BrowserContextOptions) => {
    // the server moves from port to port: the context is pointed at the one it is given, not the suite's
    const context = await browser.context((launched) => newAppContext(launched, baseUrl, options));
    await context.clock.install({ time: new Date(instant) });
    return context;
  };
  return {
    async serverAt(instant) {
      await server?.stop();
      server = await startServerAt(instant, dataDir, env);
      return server.baseUrl;
    },
    contextAt,
    async phoneAt(baseUrl, instant) {
      return (
        await contextAt(baseUrl, instant, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
      ).newPage();
    },
    outboxDir: () => path.join(dataDir, "outbox"),
  };
}
