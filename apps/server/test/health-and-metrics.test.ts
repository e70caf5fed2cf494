import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { makeReception } from "./helpers/factories.js";
import { serverWithAccountPerFile, startTestServer } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

/** A direct local call: no X-Forwarded-For (the test client adds one to look like a distinct visitor). */
function localGet(path: string, headers: Record<string, string> = {}) {
  return fetch(`${ctx.server.baseUrl}${path}`, { headers });
}

describe("health", () => {
  it("/healthz answers while the process is up", async () => {
    const response = await ctx.server.api.get("/healthz");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });

  it("/readyz is ready once the database answers, every migration is applied and live events listen", async () => {
    const response = await ctx.server.api.get("/readyz");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ready", checks: { database: true, migrations: true, listen: true } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("/readyz says unavailable, and why, while a migration is missing", async () => {
    const { db } = ctx.server.database;
    const { rows } = await sql<{ version: string }>`select max(version) as version from schema_migrations`.execute(db);
    const latest = rows[0]!.version;
    await sql`delete from schema_migrations where version = ${latest}`.execute(db);
    try {
      const response = await ctx.server.api.get("/readyz");
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        status: "unavailable",
        checks: { database: true, migrations: false, listen: true },
      });
    } finally {
      await sql`insert into schema_migrations (version) values (${latest})`.execute(db);
    }
  });
});

describe("metrics", () => {
  it("shows request latency by route, live changes, open sockets and database connections to a local client", async () => {
    await makeReception(ctx.server, ctx.account);
    await ctx.server.api.get("/api/reception", ctx.account.idToken);
    const response = await localGet("/metrics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/reception",status_code="200"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/reception",status_code="201"\} [1-9]/m,
    );
    expect(text).toMatch(/^live_reception_changes_total [1-9]/m);
    expect(text).toMatch(/^live_sockets_open 0$/m);
    expect(text).toMatch(/^database_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^database_pool_waits_total \d+$/m);
    expect(text).toMatch(/^database_queries_total\{origin="other"\} [1-9]/m);
    expect(text).toMatch(/^live_frame_builds_total \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("refuses a client that came through a proxy when no token is set", async () => {
    const response = await localGet("/metrics", { "x-forwarded-for": "203.0.113.9" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "メトリクスはこのサーバー上からのみ参照できます。" });
  });

  it("with METRICS_TOKEN, answers whoever shows the token and nobody else", async () => {
    const token = "metrics-token-0123456789";
    const server = await startTestServer({ METRICS_TOKEN: token });
    try {
      const without = await fetch(`${server.baseUrl}/metrics`);
      expect(without.status).toBe(401);
      const wrong = await fetch(`${server.baseUrl}/metrics`, {
        headers: { authorization: "Bearer wrong-token-0123456789" },
      });
      expect(wrong.status).toBe(401);
      const proxied = await fetch(`${server.baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.9" },
      });
      expect(proxied.status).toBe(200);
      expect(await proxied.text()).toContain("http_request_duration_seconds");
    } finally {
      await server.close();
    }
  });
});
