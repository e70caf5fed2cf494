import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiClient } from "./helpers/api-client.js";
import { makeAccount, makeReception, type TestAccount } from "./helpers/factories.js";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { connectLive, connectSignedIn } from "@pharmacy/test-support/ws-client";
import { addBranch } from "./helpers/organizations.js";

const jwtSecret = randomBytes(32).toString("hex");
let first: TestServer;
let second: Awaited<ReturnType<typeof startServerProcess>>;
let account: TestAccount;

beforeAll(async () => {
  first = await startTestServer({ JWT_SECRET: jwtSecret });
  // the other process runs on the real clock: tokens must be valid now
  first.clock.set(new Date());
  second = await startServerProcess({ DATABASE_URL: inject("databaseUrl")!, JWT_SECRET: jwtSecret });
  account = await makeAccount(first);
});
afterAll(async () => {
  await second?.stop();
  await first?.close();
});

describe("two server processes on one PostgreSQL", () => {
  it("deliver each other's reception events to the branch's sockets", async () => {
    const onSecond = await connectSignedIn(second.baseUrl, account.idToken);
    const onFirst = await connectSignedIn(first.baseUrl, account.idToken);
    try {
      const createdOnFirst = await makeReception(first, account);
      const seen = await onSecond.next(
        (event) => event.type === "reception.created" && event.reception.id === createdOnFirst.id,
      );
      expect(seen).toMatchObject({ reception: createdOnFirst });

      const createdOnSecond = await new ApiClient(second.baseUrl).post("/api/reception", undefined, account.idToken);
      expect(createdOnSecond.status).toBe(201);
      expect(createdOnSecond.body.receptionNumber).toBe(createdOnFirst.receptionNumber + 1);
      await onFirst.next(
        (event) => event.type === "reception.created" && event.reception.id === createdOnSecond.body.id,
      );
    } finally {
      onSecond.close();
      onFirst.close();
    }
  });

  it("send the 本部 socket on one the row of a reception made through the other in another branch", async () => {
    const { branch, admin } = await addBranch(first, account, "さくら薬局 別館");
    const honbu = await connectLive(second.baseUrl, {
      type: "auth",
      idToken: account.idToken,
      sessionId: crypto.randomUUID(),
      view: "organization",
    });
    try {
      await honbu.next((event) => event.type === "auth.ok");
      await makeReception(first, admin);
      const frame = await honbu.next((event) => event.type === "organization.day.updated");
      expect(frame.type === "organization.day.updated" && frame.branches).toEqual([
        expect.objectContaining({ id: branch.id, name: "さくら薬局 別館", received: 1, waiting: 1 }),
      ]);
    } finally {
      honbu.close();
    }
  });

  it("drop a cached day list when the other process changes the branch", async () => {
    const listed = async () =>
      (await first.api.get("/api/reception?pageSize=500", account.idToken)).body.receptions.map(
        (r: { id: string; status: string | null }) => `${r.id}:${r.status}`,
      );
    const reception = await makeReception(first, account);
    const onFirst = await connectSignedIn(first.baseUrl, account.idToken);
    try {
      expect(await listed()).toContain(`${reception.id}:null`);
      const other = new ApiClient(second.baseUrl);
      const patched = await other.request("PATCH", `/api/reception/${reception.id}`, {
        body: { id: reception.id, status: "Completed" },
        token: account.idToken,
      });
      expect(patched.status).toBe(200);
      await onFirst.next((event) => event.type === "reception.updated" && event.reception.id === reception.id);
      expect(await listed()).toContain(`${reception.id}:Completed`);
    } finally {
      onFirst.close();
    }
  });
});
