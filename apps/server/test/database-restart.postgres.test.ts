import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE_MESSAGE } from "@pharmacy/contract/shared/errors";
import { WS_CLOSE_UNAUTHORIZED } from "@pharmacy/contract/live/realtime";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";
import { LISTEN_CONNECTION_NAME } from "../src/db/database.js";
import { ApiClient } from "./helpers/api-client.js";
import { makeAccount, makePerson, makeReception, type TestAccount } from "./helpers/factories.js";
import { startPrivatePostgres } from "./helpers/private-postgres.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

// A PostgreSQL of this file's own: it is stopped and started, and its connections cut.
const DATABASE = "pharmacy";
const RECONNECT_TIMEOUT_MS = 30_000;
const jwtSecret = randomBytes(32).toString("hex");
let postgres: Awaited<ReturnType<typeof startPrivatePostgres>>;
let databaseUrl: string;
let admin: pg.Client;
let first: TestServer;
let second: Awaited<ReturnType<typeof startServerProcess>> | undefined;
let account: TestAccount;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  admin = new pg.Client({ connectionString: postgres.url, application_name: "test-admin" });
  admin.on("error", () => undefined); // the restart below ends this connection too
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  databaseUrl = postgres.url.replace(/\/postgres$/, `/${DATABASE}`);
  first = await startTestServer({ DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret });
  // the other process runs on the real clock: tokens must be valid now
  first.clock.set(new Date());
  account = await makeAccount(first);
}, 180_000);
afterAll(async () => {
  await second?.stop();
  await first?.close();
  await admin?.end().catch(() => undefined);
  await postgres?.remove();
});

/** Ends this app's connections of that kind (all of them: pool, file bytes, LISTEN) from the server side. */
async function terminate(applicationName?: string): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = $1 and application_name like 'pharmacy-reception%' and ($2::text is null or application_name = $2)`,
    [DATABASE, applicationName ?? null],
  );
  return rows.length;
}

/** Asks until the answer is not `status` any more (a process learns of a reconnect in its own time). */
async function statusOnceSettled(ask: () => Promise<number>, status: number): Promise<number> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const answered = await ask();
    if (answered !== status) return answered;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return status;
}

const readyz = (baseUrl: string) => fetch(`${baseUrl}/readyz`).then((response) => response.status);

describe("one process whose PostgreSQL connections are cut (pg_terminate_backend)", () => {
  it("stays up, reconnects its pool, file bytes and LISTEN connections, and tells its sockets to refetch", async () => {
    const live = await connectSignedIn(first.baseUrl, account.idToken);
    try {
      await makeReception(first, account);
      expect(await terminate()).toBeGreaterThanOrEqual(2);
      await live.next((frame) => frame.type === "resync", RECONNECT_TIMEOUT_MS);
      expect((await first.api.post("/api/reception", undefined, account.idToken)).status).toBe(201);
      expect(await statusOnceSettled(() => readyz(first.baseUrl), 503)).toBe(200);
    } finally {
      live.close();
    }
  });
});

describe("two processes whose LISTEN connections are away while a session ends and a reception arrives", () => {
  // a second process starts slowly on a busy machine
  beforeAll(async () => {
    second = await startServerProcess({ DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret });
  }, 180_000);

  it(
    "read the ended sessions again and tell their sockets to refetch once listening again",
    { timeout: 120_000 },
    async () => {
      const other = new ApiClient(second!.baseUrl);
      const person = await makePerson(first, account);
      expect((await other.get("/api/user/me", person.idToken)).status).toBe(200);
      const dayList = async () =>
        (
          (await other.get("/api/reception?pageSize=500", account.idToken)).body.receptions as Array<{ id: string }>
        ).map((r) => r.id);
      await dayList(); // the second process now holds the day list in its cache
      const staffSocket = await connectSignedIn(second!.baseUrl, account.idToken);
      const personSocket = await connectSignedIn(second!.baseUrl, person.idToken);
      try {
        // no process can listen again until the database lets them
        await admin.query(`alter database ${DATABASE} allow_connections false`);
        await terminate(LISTEN_CONNECTION_NAME);
        expect(await statusOnceSettled(() => readyz(second!.baseUrl), 200)).toBe(503);

        expect((await first.api.post("/auth/sign_out", { refreshToken: person.refreshToken })).status).toBe(204);
        const arrived = await makeReception(first, account);
        // the gap: nothing told the second process
        expect((await other.get("/api/user/me", person.idToken)).status).toBe(200);
        expect(staffSocket.events.some((frame) => frame.type === "reception.created")).toBe(false);

        await admin.query(`alter database ${DATABASE} allow_connections true`);
        await staffSocket.next((frame) => frame.type === "resync", RECONNECT_TIMEOUT_MS);
        expect(await personSocket.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED });
        expect(await statusOnceSettled(async () => (await other.get("/api/user/me", person.idToken)).status, 200)).toBe(
          401,
        );
        expect(await dayList()).toContain(arrived.id);
        expect((await other.get("/api/user/me", account.idToken)).status).toBe(200);
      } finally {
        await admin.query(`alter database ${DATABASE} allow_connections true`);
        staffSocket.close();
        personSocket.close();
      }
    },
  );
});

describe("a real restart of PostgreSQL under two processes", () => {
  it(
    "is ridden out: 503 in Japanese and not ready while it is away, then 200, and every socket refetches",
    { timeout: 120_000 },
    async () => {
      const sockets = [
        await connectSignedIn(first.baseUrl, account.idToken),
        await connectSignedIn(second!.baseUrl, account.idToken),
      ];
      try {
        await postgres.stop();
        for (const baseUrl of [first.baseUrl, second!.baseUrl]) {
          const refused = await new ApiClient(baseUrl).post("/api/reception", undefined, account.idToken);
          expect(refused.status).toBe(503);
          expect(refused.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
          expect(await readyz(baseUrl)).toBe(503);
        }
        await postgres.start();
        for (const socket of sockets) await socket.next((frame) => frame.type === "resync", RECONNECT_TIMEOUT_MS);
        const created = await new ApiClient(second!.baseUrl).post("/api/reception", undefined, account.idToken);
        expect(created.status).toBe(201);
        await sockets[0]!.next((frame) => frame.type === "reception.created" && frame.reception.id === created.body.id);
        for (const baseUrl of [first.baseUrl, second!.baseUrl])
          expect(await statusOnceSettled(() => readyz(baseUrl), 503)).toBe(200);
        expect(second!.child.exitCode).toBeNull();
      } finally {
        for (const socket of sockets) socket.close();
      }
    },
  );
});
