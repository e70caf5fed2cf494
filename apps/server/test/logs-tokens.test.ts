import { TOTP } from "otpauth";
import WebSocket from "ws";
import { describe, expect, it } from "vitest";
import { latestCode } from "@pharmacy/test-support/mail";
import { GOOD_PASSWORD, invitationToken, makeDevice, makePerson, uniqueEmail } from "./helpers/factories.js";
import { mailedFollowUpToken } from "./helpers/follow-ups.js";
import { lineServerPerFile, linkUser, webReception } from "./helpers/line.js";

/**
 * Every kind of token the server hands out or takes, driven through it as its clients use them (and
 * with wrong methods and paths under them), then looked for in the whole debug log. The outbox's
 * lines are left out: without SMTP_URL the mailed codes and links are logged on purpose, with a
 * warning at start (`src/mail/mailer.ts`).
 */
const context = lineServerPerFile({ PUSH_SERVICE_HOSTS: "push.invalid" });

const ANSWERS = { condition: "better", sideEffects: [], missedDoses: "none", leftover: "no", callRequest: "no" };

/** What a status token opens: the status, photos, push and LINE calls, and a page and paths under them. */
async function useStatusToken(statusToken: string) {
  const { api, baseUrl } = context.server;
  await api.get(`/api/public/reception/${statusToken}`);
  await api.post(`/api/public/reception/${statusToken}/photos`, undefined);
  await api.post(`/api/public/reception/${statusToken}/push_subscription`, { endpoint: "https://push.invalid/x" });
  await api.get(`/api/public/reception/${statusToken}/line_link`);
  await api.request("DELETE", `/api/public/reception/${statusToken}`, {});
  await api.get(`/api/public/reception/${statusToken}/nothing/here?x=1`);
  await fetch(`${baseUrl}/web/status/${statusToken}?from=push`);
}

async function followUpToken(): Promise<string> {
  const { api } = context.server;
  const reception = await webReception(context);
  const email = uniqueEmail("patient");
  const token = context.account.idToken;
  const contact = await api.request("PUT", `/api/reception/${reception.id}/care_contact`, {
    body: { email, consent: true },
    token,
  });
  expect(contact.status).toBe(200);
  const planned = await api.post(
    `/api/reception/${reception.id}/follow_ups`,
    { dueOn: "2026-06-03", template: "general", channel: "email" },
    token,
  );
  expect(planned.status).toBe(201);
  return mailedFollowUpToken(context.server, email);
}

async function mfaToken(): Promise<{ mfaToken: string; code: string }> {
  const { api, clock } = context.server;
  const person = await makePerson(context.server, context.account, "admin");
  const setup = await api.post("/api/user/mfa/setup", {}, person.idToken);
  const totp = new TOTP({ secret: setup.body.secret, digits: 6, period: 30, algorithm: "SHA1" });
  const code = () => totp.generate({ timestamp: clock.now().getTime() });
  expect((await api.post("/api/user/mfa/enable", { code: code() }, person.idToken)).status).toBe(200);
  clock.advance(30_000);
  const signIn = await api.post("/auth/sign_in", { email: person.email, password: GOOD_PASSWORD });
  expect(signIn.body.mfaRequired).toBe(true);
  return { mfaToken: signIn.body.mfaToken, code: code() };
}

async function socketAuth(idToken: string): Promise<void> {
  const socket = new WebSocket(`${context.server.baseUrl.replace(/^http/, "ws")}/ws`);
  await new Promise((resolve) => socket.once("open", resolve));
  socket.send(JSON.stringify({ type: "auth", idToken }));
  socket.send(JSON.stringify({ type: "auth", idToken }));
  await new Promise((resolve) => socket.once("close", resolve));
}

describe("the log", () => {
  it("holds none of the tokens: status, follow-up, invitation, reset, LINE link, refresh, id, device and MFA", async () => {
    const { api, baseUrl } = context.server;
    const tokens: Record<string, string> = {};

    const reception = await webReception(context);
    tokens.status = reception.statusToken;
    await useStatusToken(reception.statusToken);

    tokens.lineLink = (await linkUser(context, reception.statusToken)).code;

    tokens.followUp = await followUpToken();
    await api.get(`/api/public/follow_up/${tokens.followUp}`);
    expect((await api.post(`/api/public/follow_up/${tokens.followUp}`, { answers: ANSWERS })).status).toBe(200);
    await api.request("PUT", `/api/public/follow_up/${tokens.followUp}`, { body: {} });
    await fetch(`${baseUrl}/web/follow-up/${tokens.followUp}`);

    const invited = uniqueEmail("invited");
    await api.post("/api/staff", { email: invited, name: "薬剤師 次郎", role: "staff" }, context.account.idToken);
    tokens.invitation = await invitationToken(context.server, invited);
    await fetch(`${baseUrl}/accept-invitation?token=${tokens.invitation}`);
    await api.post("/auth/accept_invitation", { token: tokens.invitation, password: "short" });
    expect(
      (await api.post("/auth/accept_invitation", { token: tokens.invitation, password: GOOD_PASSWORD })).status,
    ).toBe(200);

    expect((await api.post("/auth/forgot_password", { email: invited })).status).toBe(200);
    // the second mail to the address, after the invitation
    tokens.reset = await latestCode(context.server.config.mail.outboxDir, invited, 2);
    await api.post("/auth/confirm_forgot_password", { email: invited, code: tokens.reset, newPassword: "short" });
    expect(
      (
        await api.post("/auth/confirm_forgot_password", {
          email: invited,
          code: tokens.reset,
          newPassword: "Kusuri2027",
        })
      ).status,
    ).toBe(200);

    const signedIn = await api.post("/auth/sign_in", { email: invited, password: "Kusuri2027" });
    const { idToken, refreshToken } = signedIn.body as { idToken: string; refreshToken: string };
    tokens.refresh = refreshToken;
    tokens.id = idToken;
    expect((await api.post("/auth/refresh_token", { refreshToken })).status).toBe(200);
    await api.get("/api/reception", idToken);
    await api.get("/api/nothing", idToken);
    await socketAuth(idToken);
    expect((await api.post("/auth/sign_out", { refreshToken })).status).toBeLessThan(300);
    await api.post("/auth/refresh_token", { refreshToken });

    const device = await makeDevice(context.server, context.account, "display");
    tokens.device = device.deviceToken;
    await api.post("/auth/refresh_token", { refreshToken: device.deviceToken });

    const mfa = await mfaToken();
    tokens.mfa = mfa.mfaToken;
    await api.post("/auth/verify_mfa", { mfaToken: mfa.mfaToken, code: "000000" });
    expect((await api.post("/auth/verify_mfa", { mfaToken: mfa.mfaToken, code: mfa.code })).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = context.logLines
      .join("")
      .split("\n")
      .filter((line) => !line.includes("mail written to the outbox"))
      .join("\n");
    const found = Object.entries(tokens)
      .filter(([, token]) =>
        new RegExp(`(?<![0-9A-Za-z])${token.replace(/[^\w]/g, "\\$&")}(?![0-9A-Za-z])`).test(logged),
      )
      .map(([kind]) => kind);
    expect(Object.keys(tokens)).toHaveLength(9);
    expect(found).toEqual([]);
    expect(logged).toContain('"url":"/api/public/follow_up/[redacted]"');
    expect(logged).toContain('"url":"/api/public/reception/[redacted]/nothing/here?x=1"');
  }, 120_000);
});
