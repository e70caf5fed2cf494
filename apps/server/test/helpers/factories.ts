import { randomBytes } from "node:crypto";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { decodeMailText, latestCode, outboxMails } from "@pharmacy/test-support/mail";
import type { TestServer } from "./server.js";

export const GOOD_PASSWORD = "Kusuri2026";

export function uniqueEmail(prefix = "staff"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.jp`;
}

/** The name `makeAccount` signs up with. */
export const ACCOUNT_NAME = "管理 花子";

/** How the audit trail and a reception's history name a person: 「名前（e-mail）」. */
export function actorLabel(account: { email: string }, name = ACCOUNT_NAME): string {
  return `${name}（${account.email}）`;
}

export interface TestAccount {
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
  user: { id: string; email: string; pharmacyId: string };
}

/** Signs up through the API, confirms with the mailed code and signs in. */
export async function makeAccount(server: TestServer, email = uniqueEmail()): Promise<TestAccount> {
  const { api } = server;
  const signUp = await api.post("/auth/sign_up", { email, password: GOOD_PASSWORD, name: ACCOUNT_NAME });
  if (signUp.status !== 201) throw new Error(`sign_up ${signUp.status} ${signUp.text}`);
  const code = await latestCode(server.config.mail.outboxDir, email);
  const confirm = await api.post("/auth/confirm_sign_up", { email, code });
  if (confirm.status !== 200) throw new Error(`confirm ${confirm.status} ${confirm.text}`);
  const signIn = await api.post("/auth/sign_in", { email, password: GOOD_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign_in ${signIn.status} ${signIn.text}`);
  return { email, password: GOOD_PASSWORD, ...signIn.body };
}

/** Fills in what a branch needs before its public page opens (name, address, phone); its public slug. */
export async function openPublicPage(server: TestServer, account: TestAccount): Promise<string> {
  const details = { name: "さくら薬局", address: "東京都千代田区1-1", phone: "03-1234-5678" };
  const response = await server.api.request("PATCH", "/api/pharmacy", { body: details, token: account.idToken });
  if (response.status !== 200) throw new Error(`branch details ${response.status} ${response.text}`);
  return response.body.publicSlug as string;
}

export async function makeReception(server: TestServer, account: TestAccount) {
  const response = await server.api.post("/api/reception", undefined, account.idToken);
  if (response.status !== 201) throw new Error(`create ${response.status} ${response.text}`);
  return response.body as Reception;
}

export async function uploadFile(
  server: TestServer,
  account: TestAccount,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
  fileName = "photo.jpg",
  claimedType = "image/jpeg",
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("file", new Blob([bytes], { type: claimedType }), fileName);
  const response = await fetch(`${server.baseUrl}/api/file`, {
    method: "POST",
    headers: { authorization: `Bearer ${account.idToken}`, "x-forwarded-for": server.api.clientIp },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The token of the invitation link in the newest mail to that address. */
export async function invitationToken(server: TestServer, email: string): Promise<string> {
  const mails = await outboxMails(server.config.mail.outboxDir, email);
  const match = /accept-invitation\?token=([\w%-]+)/.exec(decodeMailText(mails.at(-1) ?? ""));
  if (!match?.[1]) throw new Error(`no invitation to ${email}`);
  return decodeURIComponent(match[1]);
}

/** A person invited by the admin, who accepted and signed in. */
export async function makePerson(
  server: TestServer,
  admin: TestAccount,
  role: "admin" | "staff" = "staff",
  email = uniqueEmail(role),
): Promise<TestAccount> {
  const { api } = server;
  const invite = await api.post("/api/staff", { email, name: "薬剤師 太郎", role }, admin.idToken);
  if (invite.status !== 201) throw new Error(`invite ${invite.status} ${invite.text}`);
  const accept = await api.post("/auth/accept_invitation", {
    token: await invitationToken(server, email),
    password: GOOD_PASSWORD,
  });
  if (accept.status !== 200) throw new Error(`accept ${accept.status} ${accept.text}`);
  const signIn = await api.post("/auth/sign_in", { email, password: GOOD_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign_in ${signIn.status} ${signIn.text}`);
  return { email, password: GOOD_PASSWORD, ...signIn.body };
}

export interface TestDevice {
  id: string;
  deviceToken: string;
  idToken: string;
}

/** A counter kiosk or calling board the admin registered, with its first id token. */
export async function makeDevice(
  server: TestServer,
  admin: TestAccount,
  kind: "counter" | "display",
): Promise<TestDevice> {
  const created = await server.api.post(
    "/api/devices",
    { kind, name: kind === "counter" ? "受付タブレット" : "待合室モニター" },
    admin.idToken,
  );
  if (created.status !== 201) throw new Error(`device ${created.status} ${created.text}`);
  const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: created.body.deviceToken });
  if (refreshed.status !== 200) throw new Error(`device refresh ${refreshed.status} ${refreshed.text}`);
  return { id: created.body.id, deviceToken: created.body.deviceToken, idToken: refreshed.body.idToken };
}
