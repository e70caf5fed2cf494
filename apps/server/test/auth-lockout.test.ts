import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockedUntilMessage } from "@pharmacy/contract/shared/errors";
import { makeAccount, uniqueEmail } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const signIn = (email: string, password: string) => server.api.post("/auth/sign_in", { email, password });
const signInFrom = (address: string, email: string, password: string) =>
  server.api.request("POST", "/auth/sign_in", { body: { email, password }, headers: { "x-forwarded-for": address } });

describe("sign-in lockout per account", () => {
  it("locks after five wrong passwords, even for the right one, doubling from one second, and opens again when the wait is over", async () => {
    const account = await makeAccount(server);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(account.email, "Wrong12345")).body.errorCode).toBe(1010);
    }
    const locked = await signIn(account.email, account.password);
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe(1000);

    server.clock.advance(1500);
    expect((await signIn(account.email, "Wrong12345")).body.errorCode).toBe(1010);
    expect((await signIn(account.email, account.password)).status).toBe(429);
    server.clock.advance(1500);
    expect((await signIn(account.email, account.password)).status).toBe(429);
    server.clock.advance(1000);
    expect((await signIn(account.email, account.password)).status).toBe(200);
    expect((await signIn(account.email, "Wrong12345")).body.errorCode).toBe(1010);
  });

  it("says until when, in Tokyo time, and sends Retry-After", async () => {
    const email = uniqueEmail();
    server.clock.set(new Date("2026-11-20T03:04:30Z"));
    for (let attempt = 0; attempt < 7; attempt++) await signIn(email, "Wrong12345");
    // the fifth failure locks for one second; tries during the lock are refused without counting
    const locked = await signIn(email, "Wrong12345");
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      errorCode: 1000,
      message: lockedUntilMessage("12:05"),
      lockedUntil: "2026-11-20T03:05:00.000Z",
    });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("locks an unknown e-mail the same way, so a lock tells nothing about existence", async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 5; attempt++) await signIn(email, "Wrong12345");
    const locked = await signIn(email, "Wrong12345");
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe(1000);
  });

  it("forgets old failures after fifteen minutes", async () => {
    const account = await makeAccount(server);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(account.email, "Wrong12345");
    server.clock.advance(16 * 60_000);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(account.email, "Wrong12345");
    expect((await signIn(account.email, account.password)).status).toBe(200);
  });
});

describe("lockout cannot be used as a weapon", () => {
  it("a guesser elsewhere locks the account for new addresses, but its owner still signs in from an address it used before", async () => {
    const owner = await makeAccount(server);
    for (let attempt = 0; attempt < 8; attempt++) await signInFrom("203.0.113.66", owner.email, "Wrong12345");
    expect((await signInFrom("203.0.113.66", owner.email, owner.password)).status).toBe(429);
    expect((await signInFrom("203.0.113.67", owner.email, owner.password)).status).toBe(429);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it("from a known address, wrong passwords still lock that address's own tries", async () => {
    const owner = await makeAccount(server);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await signIn(owner.email, "Wrong12345")).body.errorCode).toBe(1010);
    expect((await signIn(owner.email, owner.password)).status).toBe(429);
  });

  it("twenty failures lock an address for accounts new to it, not for the staff who sign in there", async () => {
    const pharmacyAddress = "198.51.100.20";
    const staff = await makeAccount(server);
    expect((await signInFrom(pharmacyAddress, staff.email, staff.password)).status).toBe(200);
    const newcomer = await makeAccount(server);
    for (let attempt = 0; attempt < 20; attempt++) await signInFrom(pharmacyAddress, uniqueEmail(), "Wrong12345");
    expect((await signInFrom(pharmacyAddress, newcomer.email, newcomer.password)).status).toBe(429);
    expect((await signInFrom(pharmacyAddress, staff.email, staff.password)).status).toBe(200);
    server.clock.advance(2000);
    expect((await signInFrom(pharmacyAddress, newcomer.email, newcomer.password)).status).toBe(200);
  });

  it("does not lock other addresses", async () => {
    const account = await makeAccount(server);
    for (let attempt = 0; attempt < 25; attempt++) await signIn(uniqueEmail(), "Wrong12345");
    expect((await signInFrom("198.51.100.7", account.email, account.password)).status).toBe(200);
  });
});
