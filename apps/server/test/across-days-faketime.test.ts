import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { ApiClient } from "./helpers/api-client.js";
import { makeAccount, openPublicPage } from "./helpers/factories.js";
import type { TestServer } from "./helpers/server.js";
import { sendWebReception } from "./helpers/web-reception.js";

/**
 * docs/rules.md#across-days on the real server process with the operating system's clock moved by `faketime`
 * (libfaketime, Debian's /usr/bin/faketime): no ManualClock, the server reads the time as in production.
 * Its clock starts on Thursday 2026-11-26 at 22:30 JST (13:30 UTC) and runs on from there.
 */
let dir: string;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let api: ApiClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-faketime-"));
  server = await startServerProcess(
    { TZ: "UTC", DATABASE_URL: inject("databaseUrl") ?? "", PUBLIC_SEND_LIMIT_PER_MINUTE: "1000" },
    dir,
    ["faketime", "-f", "@2026-11-26 13:30:00"],
  );
  api = new ApiClient(server.baseUrl);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("a web reception at 22:30 JST, on the server's own clock (faketime)", () => {
  it("is numbered on the next opening day, and is that day's first", async () => {
    // the account helpers need only the API and the outbox
    const asTestServer = { api, config: { mail: { outboxDir: path.join(dir, "outbox") } } } as unknown as TestServer;
    const account = await makeAccount(asTestServer);
    const slug = await openPublicPage(asTestServer, account);
    const counter = await api.post("/api/reception", undefined, account.idToken);
    expect(counter.body.receptionDate).toBe("2026-11-26");

    const sent = await sendWebReception(api, slug);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ receptionNumber: 1, receptionDate: "2026-11-27" });
    const status = await api.get(`/api/public/reception/${sent.body.statusToken}`);
    expect(status.body).toMatchObject({
      receptionDate: "2026-11-27",
      openNow: false,
      nextOpening: { date: "2026-11-27", time: "09:00" },
    });
    const friday = await api.get("/api/reception?date=2026-11-27", account.idToken);
    expect(friday.body.receptions).toEqual([expect.objectContaining({ receptionNumber: 1, channel: "Web" })]);
    expect((await api.get("/api/reception", account.idToken)).body.receptions).toEqual([
      expect.objectContaining({ id: counter.body.id }),
    ]);
  });
});
