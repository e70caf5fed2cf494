import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiClient } from "./helpers/api-client.js";
import { startServerProcess } from "@pharmacy/test-support/server-process";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-crash-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const env = () => ({ SEED_DEMO: "on", DATABASE_URL: inject("databaseUrl") ?? "", JWT_SECRET: "k".repeat(40) });

describe("a crash right after an acknowledgement", () => {
  it("keeps every reception the server answered 201 for, after kill -9 and a restart", async () => {
    const first = await startServerProcess(env(), dataDir);
    const api = new ApiClient(first.baseUrl);
    const { idToken } = (await api.post("/auth/sign_in", { email: "demo@example.com", password: "Demo1234" })).body;
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await api.post("/api/reception", undefined, idToken);
      expect(created.status).toBe(201);
      acknowledged.push(created.body.id);
    }
    await first.kill("SIGKILL");

    const second = await startServerProcess(env(), dataDir);
    try {
      const again = new ApiClient(second.baseUrl);
      for (const id of acknowledged) {
        expect((await again.get(`/api/reception/${id}`, idToken)).status).toBe(200);
      }
      const next = await again.post("/api/reception", undefined, idToken);
      expect(next.body.receptionNumber).toBeGreaterThan(acknowledged.length);
    } finally {
      await second.stop();
    }
  });
});
