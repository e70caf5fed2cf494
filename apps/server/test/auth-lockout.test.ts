import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "@pharmacy/contract/errors";
import { lockDurationMs } from "../src/features/auth/throttle.js";
import { makeAccount, uniqueEmail } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signIn = (email: string, password: string) => server.api.post("/auth/sign_in", { email, password });

describe("lock duration", () => {
  it("is zero below the threshold, then one second doubling up to fifteen minutes", () => {
    expect(lockDurationMs(4, 5)).toBe(0);
    expect(lockDurationMs(5, 5)).toBe(1000);
    expect(lockDurationMs(6, 5)).toBe(2000);
    expect(lockDurationMs(9, 5)).toBe(16_000);
    expect(lockDurationMs(50, 5)).toBe(15 * 60_000);
  });
});

describe("sign-in lockout per account", () => {
  it("locks after five wrong passwords, even for the right one, and opens again when the wait is over", async () => {
    const account = await makeAccount(server);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(account.email, "Wrong12345")).body.errorCode).toBe(1010);
    }
    const locked = await signIn(account.email, account.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ errorCode: 1000, message: TOO_MANY_ATTEMPTS_MESSAGE });

    server.clock.advance(1500);
    expect((await signIn(account.email, "Wrong12345")).body.errorCode).toBe(1010);
    expect((await signIn(account.email, account.password)).status).toBe(429);
    server.clock.advance(1500);
    expect((await signIn(account.email, account.password)).status).toBe(429);
    server.clock.advance(1000);
    expect((await signIn(account.email, account.password)).status).toBe(200);
    expect((await signIn(account.email, "Wrong12345")).body.errorCode).toBe(1010);
  });

  it("locks an unknown e-mail the same way, so a lock tells nothing about existence", async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 5; attempt++) await signIn(email, "Wrong12345");
    const locked = await signIn(email, "Wrong12345");
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it("forgets old failures after fifteen minutes", async () => {
    const account = await makeAccount(server);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(account.email, "Wrong12345");
    server.clock.advance(16 * 60_000);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(account.email, "Wrong12345");
    expect((await signIn(account.email, account.password)).status).toBe(200);
  });
});

describe("sign-in lockout per address", () => {
  it("locks the client address after twenty failures across accounts", async () => {
    const victim = await makeAccount(server);
    for (let attempt = 0; attempt < 20; attempt++) {
      await signIn(uniqueEmail(), "Wrong12345");
    }
    expect((await signIn(victim.email, victim.password)).status).toBe(429);
    server.clock.advance(2000);
    expect((await signIn(victim.email, victim.password)).status).toBe(200);
  });

  it("does not lock other addresses", async () => {
    const account = await makeAccount(server);
    for (let attempt = 0; attempt < 25; attempt++) await signIn(uniqueEmail(), "Wrong12345");
    const elsewhere = await server.api.request("POST", "/auth/sign_in", {
      body: { email: account.email, password: account.password },
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(elsewhere.status).toBe(200);
  });
});
