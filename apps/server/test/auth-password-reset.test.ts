import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, uniqueEmail } from "./helpers/factories.js";
import { decodeMailText, latestCode, mailsBeforeMarker, outboxMails } from "@pharmacy/test-support/mail";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const outbox = () => server.config.mail.outboxDir;
const NEW_PASSWORD = "Atarashii9";

async function requestReset(email: string) {
  const sent = (await outboxMails(outbox(), email)).length;
  const response = await server.api.post("/auth/forgot_password", { email });
  expect(response.status).toBe(200);
  return latestCode(outbox(), email, sent + 1);
}

describe("forgot password", () => {
  it("answers 200 for an unknown e-mail and sends nothing", async () => {
    const email = uniqueEmail();
    const response = await server.api.post("/auth/forgot_password", { email });
    expect(response.status).toBe(200);
    // a known account's reset as the marker: a mail to the unknown address would be in the outbox first
    const known = await makeAccount(server);
    const mails = await mailsBeforeMarker(outbox(), email, known.email, () =>
      server.api.post("/auth/forgot_password", { email: known.email }),
    );
    expect(mails).toHaveLength(0);
  });

  it("lets the owner of a pending account in: the reset sets the password and confirms the e-mail", async () => {
    const email = uniqueEmail();
    await server.api.post("/auth/sign_up", { email, password: "Kusuri2026", name: "管理 花子" });
    const code = await requestReset(email);
    expect(
      (await server.api.post("/auth/confirm_forgot_password", { email, code, newPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    expect((await server.api.post("/auth/sign_in", { email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("answers a known account with no reset pending exactly like an unknown e-mail", async () => {
    const account = await makeAccount(server);
    const body = { code: "123456", newPassword: NEW_PASSWORD };
    const known = await server.api.post("/auth/confirm_forgot_password", { ...body, email: account.email });
    const unknown = await server.api.post("/auth/confirm_forgot_password", { ...body, email: uniqueEmail() });
    expect(known.status).toBe(400);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.errorCode).toBe(1008);
  });

  it("mails a reset code valid one hour, in Japanese", async () => {
    const account = await makeAccount(server);
    await requestReset(account.email);
    const mails = await outboxMails(outbox(), account.email);
    expect(decodeMailText(mails.at(-1)!)).toContain("パスワード再設定");
  });

  it("sets the new password, revokes every refresh token and keeps id tokens of the old session unusable for refresh", async () => {
    const account = await makeAccount(server);
    const secondSession = await server.api.post("/auth/sign_in", { email: account.email, password: account.password });
    const code = await requestReset(account.email);

    const confirm = await server.api.post("/auth/confirm_forgot_password", {
      email: account.email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(confirm.status).toBe(200);

    for (const refreshToken of [account.refreshToken, secondSession.body.refreshToken]) {
      const refresh = await server.api.post("/auth/refresh_token", { refreshToken });
      expect(refresh.status).toBe(401);
    }
    expect(
      (await server.api.post("/auth/sign_in", { email: account.email, password: account.password })).body.errorCode,
    ).toBe(1010);
    const signIn = await server.api.post("/auth/sign_in", { email: account.email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(200);
    expect((await server.api.post("/auth/refresh_token", { refreshToken: signIn.body.refreshToken })).status).toBe(200);
  });

  it("refuses a wrong code with 1008 and changes nothing", async () => {
    const account = await makeAccount(server);
    const code = await requestReset(account.email);
    const wrong = code === "999999" ? "888888" : "999999";
    const response = await server.api.post("/auth/confirm_forgot_password", {
      email: account.email,
      code: wrong,
      newPassword: NEW_PASSWORD,
    });
    expect(response.body.errorCode).toBe(1008);
    expect((await server.api.post("/auth/refresh_token", { refreshToken: account.refreshToken })).status).toBe(200);
    expect((await server.api.post("/auth/sign_in", { email: account.email, password: account.password })).status).toBe(
      200,
    );
  });

  it("expires the reset code after one hour with 1009", async () => {
    const account = await makeAccount(server);
    const code = await requestReset(account.email);
    server.clock.advance(60 * 60_000 + 1);
    try {
      const response = await server.api.post("/auth/confirm_forgot_password", {
        email: account.email,
        code,
        newPassword: NEW_PASSWORD,
      });
      expect(response.body.errorCode).toBe(1009);
    } finally {
      server.clock.advance(-(60 * 60_000 + 1));
    }
    expect((await server.api.post("/auth/sign_in", { email: account.email, password: account.password })).status).toBe(
      200,
    );
  });

  it("refuses a weak new password with 400 and keeps the code", async () => {
    const account = await makeAccount(server);
    const code = await requestReset(account.email);
    const weak = await server.api.post("/auth/confirm_forgot_password", {
      email: account.email,
      code,
      newPassword: "weak",
    });
    expect(weak.status).toBe(400);
    expect(weak.body.issues[0].path).toEqual(["newPassword"]);
    const ok = await server.api.post("/auth/confirm_forgot_password", {
      email: account.email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(ok.status).toBe(200);
  });

  it("answers an unknown e-mail with 1008, like a wrong code", async () => {
    const response = await server.api.post("/auth/confirm_forgot_password", {
      email: uniqueEmail(),
      code: "123456",
      newPassword: NEW_PASSWORD,
    });
    expect(response.body.errorCode).toBe(1008);
  });
});
