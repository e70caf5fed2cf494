import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ConfirmForgotPasswordSchema, ConfirmSignUpSchema, EmailOnlySchema, RefreshTokenSchema, SignInSchema, SignUpSchema } from "@pharmacy/contract/auth";
import type { z } from "zod";
import { badBodies } from "./helpers/bad-bodies.js";
import { uniqueEmail } from "./helpers/factories.js";
import { serverWithAccountPerFile, startTestServer } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

const BODIES_PER_CALL = 1000;

async function tableCounts() {
  const { db } = ctx.server.database;
  const count = async (table: "users" | "pharmacies" | "verification_codes" | "refresh_tokens" | "auth_throttle") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);
  return {
    users: await count("users"),
    pharmacies: await count("pharmacies"),
    codes: await count("verification_codes"),
    refreshTokens: await count("refresh_tokens"),
    throttle: await count("auth_throttle"),
  };
}

const calls: Array<[string, z.ZodType, () => Record<string, unknown>]> = [
  ["/auth/sign_up", SignUpSchema, () => ({ email: uniqueEmail(), password: "Kusuri2026" })],
  ["/auth/confirm_sign_up", ConfirmSignUpSchema, () => ({ email: ctx.account.email, code: "123456" })],
  ["/auth/resend_confirmation_code", EmailOnlySchema, () => ({ email: ctx.account.email })],
  ["/auth/sign_in", SignInSchema, () => ({ email: ctx.account.email, password: ctx.account.password })],
  ["/auth/forgot_password", EmailOnlySchema, () => ({ email: ctx.account.email })],
  ["/auth/confirm_forgot_password", ConfirmForgotPasswordSchema, () => ({ email: ctx.account.email, code: "123456", newPassword: "Kusuri2027" })],
  ["/auth/refresh_token", RefreshTokenSchema, () => ({ refreshToken: ctx.account.refreshToken })],
  ["/auth/sign_out", RefreshTokenSchema, () => ({ refreshToken: ctx.account.refreshToken })],
];

describe.each(calls)("POST %s with bad input", (path, schema, validBody) => {
  it(`answers ${BODIES_PER_CALL} broken bodies with 400 and issues, changing nothing`, async () => {
    const before = await tableCounts();
    const bodies = badBodies(validBody(), schema, BODIES_PER_CALL, path.length);
    for (const rawBody of bodies) {
      const response = await ctx.server.api.request("POST", path, { rawBody });
      if (response.status !== 400 || !Array.isArray(response.body?.issues)) {
        throw new Error(`${path} answered ${response.status} ${response.text} to ${rawBody}`);
      }
      expect(response.text).not.toMatch(/at .*\.ts:\d+|stack/i);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("answers a body over 64 KB with 413 and a Japanese message", async () => {
    const response = await ctx.server.api.request("POST", path, { rawBody: JSON.stringify({ ...validBody(), pad: "x".repeat(70_000) }) });
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/大きすぎます/);
  });

  it("answers another content type with 415", async () => {
    const response = await ctx.server.api.request("POST", path, {
      rawBody: "email=a@b.jp",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/形式/);
  });
});

describe("validation answers", () => {
  it("name the field and say what is wrong in Japanese", async () => {
    const response = await ctx.server.api.post("/auth/sign_up", { email: "not-an-email", password: "Kusuri2026" });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("入力内容に誤りがあります。");
    expect(response.body.issues).toEqual([expect.objectContaining({ path: ["email"], message: expect.stringMatching(/メールアドレス/) })]);
  });

  it("a missing body is 400, not a 500", async () => {
    const response = await ctx.server.api.request("POST", "/auth/sign_in", { headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
  });

  it("the logs never hold a password or code", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestServer({ LOG_LEVEL: "trace" }, logStream);
    try {
      await logged.api.post("/auth/sign_up", { email: uniqueEmail(), password: "SecretPass123" });
      await logged.api.post("/auth/sign_in", { email: uniqueEmail(), password: "SecretPass123" });
      await logged.api.post("/auth/confirm_sign_up", { email: uniqueEmail(), code: "654321" });
      await logged.api.post("/auth/refresh_token", { refreshToken: "SecretRefreshToken" });
    } finally {
      await logged.close();
    }
    expect(lines.join("")).toContain("/auth/sign_in");
    expect(lines.join("")).not.toContain("SecretPass123");
    expect(lines.join("")).not.toContain("654321");
    expect(lines.join("")).not.toContain("SecretRefreshToken");
  });
});
