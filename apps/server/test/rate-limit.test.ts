import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
});
afterAll(() => server.close());

describe("auth rate limit", () => {
  it("answers 429 in Japanese past the limit per minute and address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await server.api.post("/auth/forgot_password", { email: "a@b.jp" })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await server.api.post("/auth/forgot_password", { email: "a@b.jp" });
    expect(limited.body.message).toMatch(/リクエストが多すぎます/);
    const other = await server.api.request("POST", "/auth/forgot_password", {
      body: { email: "a@b.jp" },
      headers: { "x-forwarded-for": "198.51.100.99" },
    });
    expect(other.status).toBe(200);
  });
});
