import { SignJWT, UnsecuredJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
});
afterAll(() => server.close());

const me = (token?: string) => server.api.get("/api/user/me", token);

describe("id tokens", () => {
  it("GET /api/user/me answers the signed-in user", async () => {
    const response = await me(account.idToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: account.user.id, email: account.email, pharmacyId: account.user.pharmacyId });
  });

  it("is a one-hour JWT with issuer, audience and the user's branch", () => {
    const claims = decodeJwt(account.idToken);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.iss).toBe("pharmacy-reception");
    expect(claims.aud).toBe("pharmacy-reception-web");
    expect(claims.sub).toBe(account.user.id);
    expect(claims.pharmacyId).toBe(account.user.pharmacyId);
  });

  it("401 without a token, with a malformed header or garbage", async () => {
    expect((await me()).status).toBe(401);
    expect((await server.api.request("GET", "/api/user/me", { headers: { authorization: account.idToken } })).status).toBe(401);
    expect((await me("not.a.jwt")).status).toBe(401);
  });

  it("401 for an unsigned token (alg none)", async () => {
    const claims = decodeJwt(account.idToken);
    const unsigned = new UnsecuredJWT({ ...claims }).encode();
    expect((await me(unsigned)).status).toBe(401);
  });

  it("401 for a token signed with another key", async () => {
    const claims = decodeJwt(account.idToken);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await me(forged)).status).toBe(401);
  });

  it("401 for a token whose payload was changed", async () => {
    const [header, , signature] = account.idToken.split(".");
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(account.idToken), pharmacyId: crypto.randomUUID() })).toString("base64url");
    expect((await me(`${header}.${payload}.${signature}`)).status).toBe(401);
  });

  it("401 once the hour has passed; a refresh gives a working token", async () => {
    server.clock.advance(3600_000 + 1000);
    try {
      const expired = await me(account.idToken);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/ログイン/);
      const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: account.refreshToken });
      expect(refreshed.status).toBe(200);
      expect((await me(refreshed.body.idToken)).status).toBe(200);
    } finally {
      server.clock.advance(-(3600_000 + 1000));
    }
  });
});

describe("refresh tokens", () => {
  it("are opaque, at least 128 bits, and stored only as a hash", async () => {
    expect(Buffer.from(account.refreshToken, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await server.database.db.selectFrom("refresh_tokens").select("token_hash").execute();
    expect(rows.some((row) => row.token_hash === account.refreshToken)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("401 for an unknown refresh token", async () => {
    const response = await server.api.post("/auth/refresh_token", { refreshToken: "x".repeat(43) });
    expect(response.status).toBe(401);
  });

  it("sign_out answers 204 and revokes only that token", async () => {
    const other = await server.api.post("/auth/sign_in", { email: account.email, password: account.password });
    const signOut = await server.api.post("/auth/sign_out", { refreshToken: other.body.refreshToken });
    expect(signOut.status).toBe(204);
    expect((await server.api.post("/auth/refresh_token", { refreshToken: other.body.refreshToken })).status).toBe(401);
    expect((await server.api.post("/auth/refresh_token", { refreshToken: account.refreshToken })).status).toBe(200);
  });

  it("expire after 30 days", async () => {
    const session = await server.api.post("/auth/sign_in", { email: account.email, password: account.password });
    server.clock.advance(30 * 24 * 3600_000 - 60_000);
    try {
      expect((await server.api.post("/auth/refresh_token", { refreshToken: session.body.refreshToken })).status).toBe(200);
      server.clock.advance(120_000);
      expect((await server.api.post("/auth/refresh_token", { refreshToken: session.body.refreshToken })).status).toBe(401);
    } finally {
      server.clock.advance(-(30 * 24 * 3600_000 + 60_000));
    }
  });
});
