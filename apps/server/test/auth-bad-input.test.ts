import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "./helpers/factories.js";
import { serverWithAccountPerFile, startTestServer } from "./helpers/server.js";

const ctx = serverWithAccountPerFile();

const calls: Array<[string, () => Record<string, unknown>]> = [
  ["/auth/sign_up", () => ({ email: uniqueEmail(), password: "Kusuri2026", name: "管理 花子" })],
  ["/auth/confirm_sign_up", () => ({ email: ctx.account.email, code: "123456" })],
  ["/auth/resend_confirmation_code", () => ({ email: ctx.account.email })],
  ["/auth/sign_in", () => ({ email: ctx.account.email, password: ctx.account.password })],
  ["/auth/forgot_password", () => ({ email: ctx.account.email })],
  ["/auth/confirm_forgot_password", () => ({ email: ctx.account.email, code: "123456", newPassword: "Kusuri2027" })],
  ["/auth/refresh_token", () => ({ refreshToken: ctx.account.refreshToken })],
  ["/auth/sign_out", () => ({ refreshToken: ctx.account.refreshToken })],
];

describe.each(calls)("POST %s with a body it cannot read", (path, validBody) => {
  it("answers a body over 64 KB with 413 and a Japanese message", async () => {
    const response = await ctx.server.api.request("POST", path, {
      rawBody: JSON.stringify({ ...validBody(), pad: "x".repeat(70_000) }),
    });
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
    const response = await ctx.server.api.post("/auth/sign_up", {
      email: "not-an-email",
      password: "Kusuri2026",
      name: "管理 花子",
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("入力内容に誤りがあります。");
    expect(response.body.issues).toEqual([
      expect.objectContaining({ path: ["email"], message: expect.stringMatching(/メールアドレス/) }),
    ]);
  });

  it("a missing body is 400, not a 500", async () => {
    const response = await ctx.server.api.request("POST", "/auth/sign_in", {
      headers: { "content-type": "application/json" },
    });
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
      await logged.api.post("/auth/sign_up", { email: uniqueEmail(), password: "SecretPass123", name: "管理 花子" });
      await logged.api.post("/auth/sign_in", { email: uniqueEmail(), password: "SecretPass123", name: "管理 花子" });
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
