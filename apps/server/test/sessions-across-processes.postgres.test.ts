import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WS_CLOSE_UNAUTHORIZED } from "@pharmacy/contract/live/realtime";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";
import { ApiClient } from "./helpers/api-client.js";
import { makeAccount, makePerson, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const jwtSecret = randomBytes(32).toString("hex");
let first: TestServer;
let second: Awaited<ReturnType<typeof startServerProcess>> | undefined;
let admin: TestAccount;
let signedOutBeforeStart: TestAccount;

beforeAll(async () => {
  first = await startTestServer({ JWT_SECRET: jwtSecret });
  // the other process runs on the real clock: tokens must be valid now
  first.clock.set(new Date());
  admin = await makeAccount(first);
  signedOutBeforeStart = await makePerson(first, admin);
  await first.api.post("/auth/sign_out", { refreshToken: signedOutBeforeStart.refreshToken });
  second = await startServerProcess({ DATABASE_URL: inject("databaseUrl")!, JWT_SECRET: jwtSecret });
});
afterAll(async () => {
  await second?.stop();
  await first?.close();
});

/** The other process learns of an ended session by notification: ask until it answers 401. */
async function statusOnSecondOnceSettled(idToken: string): Promise<number> {
  const api = new ApiClient(second!.baseUrl);
  for (let attempt = 0; attempt < 100; attempt++) {
    const { status } = await api.get("/api/user/me", idToken);
    if (status !== 200) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 200;
}

describe("ended sessions on two server processes on one PostgreSQL", () => {
  it("a process started after a sign-out refuses that session's id token", async () => {
    expect((await new ApiClient(second!.baseUrl).get("/api/user/me", signedOutBeforeStart.idToken)).status).toBe(401);
  });

  it("a sign-out on one process ends the session's calls and sockets on the other", async () => {
    const person = await makePerson(first, admin);
    expect((await new ApiClient(second!.baseUrl).get("/api/user/me", person.idToken)).status).toBe(200);
    const live = await connectSignedIn(second!.baseUrl, person.idToken);
    expect((await first.api.post("/auth/sign_out", { refreshToken: person.refreshToken })).status).toBe(204);
    expect(await live.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED });
    expect(await statusOnSecondOnceSettled(person.idToken)).toBe(401);
    expect((await new ApiClient(second!.baseUrl).get("/api/user/me", admin.idToken)).status).toBe(200);
  });
});
