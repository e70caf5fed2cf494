import { randomInt } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

// two app instances on one PostgreSQL, as two processes of a deployment would be
let servers: TestServer[] = [];
beforeAll(async () => {
  servers = await Promise.all([
    startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: "3" }),
    startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: "3" }),
  ]);
});
afterAll(() => Promise.all(servers.map((server) => server.close())));

/** An address of its own per test (TRUST_PROXY=1 in tests): counts of other runs never mix in. */
const newAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

const forgotPassword = (server: TestServer, address: string) =>
  server.api.request("POST", "/auth/forgot_password", {
    body: { email: "a@b.jp" },
    headers: { "x-forwarded-for": address },
  });

describe("rate limits on two processes sharing PostgreSQL", () => {
  it("count one address's requests together, whichever process answers", async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await forgotPassword(servers[i % 2]!, address)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await forgotPassword(servers[0]!, address);
    expect(refused.body.message).toMatch(/リクエストが多すぎます/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await forgotPassword(servers[1]!, newAddress())).status).toBe(200);
  });

  it("let exactly the limit through when the address's requests arrive at once on both", async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => forgotPassword(servers[i % 2]!, address)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    const { rows } = await sql<{
      hits: number;
    }>`select hits from rate_limit_counters where key like ${`% ${address}`}`.execute(servers[0]!.database.db);
    expect(rows).toEqual([{ hits: 12 }]);
  });
});
