import { Agent, request } from "node:http";
import { SignJWT, UnsecuredJWT, decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { serverWithAccountPerFile } from "./helpers/server.js";
import { ACCOUNT_NAME, makeAccount } from "./helpers/factories.js";

const ctx = serverWithAccountPerFile();

const me = (token?: string) => ctx.server.api.get("/api/user/me", token);

describe("id tokens", () => {
  it("GET /api/user/me answers the signed-in user: who signed the branch up is its admin", async () => {
    const response = await me(ctx.account.idToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: ctx.account.user.id,
      email: ctx.account.email,
      name: ACCOUNT_NAME,
      role: "admin",
      pharmacyId: ctx.account.user.pharmacyId,
      // sign-up made an organisation of its own, whose admin this person is (docs/rules.md#organisations)
      organizationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organizationAdmin: true,
      mfaEnabled: false,
      mfaSetupRequired: false,
    });
    expect(response.body.organizationId).not.toBe(ctx.account.user.pharmacyId);
  });

  it("is a one-hour JWT with issuer, audience and the user's branch", () => {
    const claims = decodeJwt(ctx.account.idToken);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.iss).toBe("pharmacy-reception");
    expect(claims.aud).toBe("pharmacy-reception-web");
    expect(claims.sub).toBe(ctx.account.user.id);
    expect(claims.pharmacyId).toBe(ctx.account.user.pharmacyId);
  });

  it("401 without a token, with a malformed header or garbage", async () => {
    expect((await me()).status).toBe(401);
    expect(
      (await ctx.server.api.request("GET", "/api/user/me", { headers: { authorization: ctx.account.idToken } })).status,
    ).toBe(401);
    expect((await me("not.a.jwt")).status).toBe(401);
  });

  it("401 for an unsigned token (alg none)", async () => {
    const claims = decodeJwt(ctx.account.idToken);
    const unsigned = new UnsecuredJWT({ ...claims }).encode();
    expect((await me(unsigned)).status).toBe(401);
  });

  it("401 for a token signed with another key", async () => {
    const claims = decodeJwt(ctx.account.idToken);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-another-secret-another"));
    expect((await me(forged)).status).toBe(401);
  });

  it("401 for a token whose payload was changed", async () => {
    const [header, , signature] = ctx.account.idToken.split(".");
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(ctx.account.idToken), pharmacyId: crypto.randomUUID() }),
    ).toString("base64url");
    expect((await me(`${header}.${payload}.${signature}`)).status).toBe(401);
  });

  it("401 once the hour has passed; a refresh gives a working token", async () => {
    ctx.server.clock.advance(3600_000 + 1000);
    try {
      const expired = await me(ctx.account.idToken);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/ログイン/);
      const refreshed = await ctx.server.api.post("/auth/refresh_token", { refreshToken: ctx.account.refreshToken });
      expect(refreshed.status).toBe(200);
      expect((await me(refreshed.body.idToken)).status).toBe(200);
    } finally {
      ctx.server.clock.advance(-(3600_000 + 1000));
    }
  });
});

describe("id tokens on one keep-alive connection", () => {
  /** GET /api/user/me over `agent`'s one connection: the status, whose email, and whether the connection was reused. */
  function meOn(agent: Agent, authorization?: string) {
    return new Promise<{ status: number; email?: string; reused: boolean }>((resolve, reject) => {
      const call = request(
        `${ctx.server.baseUrl}/api/user/me`,
        { agent, headers: authorization ? { authorization } : {} },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode!, email: JSON.parse(text).email, reused: call.reusedSocket }),
          );
        },
      );
      call.on("error", reject).end();
    });
  }

  it("judges every call by its own header, not by what the connection showed before", async () => {
    const other = await makeAccount(ctx.server);
    const [header, , signature] = ctx.account.idToken.split(".");
    const changed = Buffer.from(
      JSON.stringify({ ...decodeJwt(ctx.account.idToken), role: "admin", sub: other.user.id }),
    ).toString("base64url");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const calls = [];
      for (const authorization of [
        `Bearer ${ctx.account.idToken}`,
        `Bearer ${header}.${changed}.${signature}`,
        undefined,
        `Bearer ${other.idToken}`,
        `Bearer ${ctx.account.idToken}`,
      ])
        calls.push(await meOn(agent, authorization));
      expect(calls.map(({ status, email }) => [status, email])).toEqual([
        [200, ctx.account.email],
        [401, undefined],
        [401, undefined],
        [200, other.email],
        [200, ctx.account.email],
      ]);
      expect(calls.slice(1).every((call) => call.reused)).toBe(true);
      ctx.server.clock.advance(3600_000 + 1000);
      try {
        expect(await meOn(agent, `Bearer ${ctx.account.idToken}`)).toEqual({
          status: 401,
          email: undefined,
          reused: true,
        });
      } finally {
        ctx.server.clock.advance(-(3600_000 + 1000));
      }
    } finally {
      agent.destroy();
    }
  });
});

describe("refresh tokens", () => {
  it("are opaque, at least 128 bits, and stored only as a hash", async () => {
    expect(Buffer.from(ctx.account.refreshToken, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await ctx.server.database.db.selectFrom("refresh_tokens").select("token_hash").execute();
    expect(rows.some((row) => row.token_hash === ctx.account.refreshToken)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("401 for an unknown refresh token", async () => {
    const response = await ctx.server.api.post("/auth/refresh_token", { refreshToken: "x".repeat(43) });
    expect(response.status).toBe(401);
  });

  it("sign_out answers 204 and revokes only that token", async () => {
    const other = await ctx.server.api.post("/auth/sign_in", {
      email: ctx.account.email,
      password: ctx.account.password,
    });
    const signOut = await ctx.server.api.post("/auth/sign_out", { refreshToken: other.body.refreshToken });
    expect(signOut.status).toBe(204);
    expect((await ctx.server.api.post("/auth/refresh_token", { refreshToken: other.body.refreshToken })).status).toBe(
      401,
    );
    expect((await ctx.server.api.post("/auth/refresh_token", { refreshToken: ctx.account.refreshToken })).status).toBe(
      200,
    );
  });

  it("expire after 30 days", async () => {
    const session = await ctx.server.api.post("/auth/sign_in", {
      email: ctx.account.email,
      password: ctx.account.password,
    });
    ctx.server.clock.advance(30 * 24 * 3600_000 - 60_000);
    try {
      expect(
        (await ctx.server.api.post("/auth/refresh_token", { refreshToken: session.body.refreshToken })).status,
      ).toBe(200);
      ctx.server.clock.advance(120_000);
      expect(
        (await ctx.server.api.post("/auth/refresh_token", { refreshToken: session.body.refreshToken })).status,
      ).toBe(401);
    } finally {
      ctx.server.clock.advance(-(30 * 24 * 3600_000 + 60_000));
    }
  });
});
