import { randomBytes } from "node:crypto";
import { latestCode } from "./mail.js";
import type { TestServer } from "./server.js";

export const GOOD_PASSWORD = "Kusuri2026";

export function uniqueEmail(prefix = "staff"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.jp`;
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
  const signUp = await api.post("/auth/sign_up", { email, password: GOOD_PASSWORD });
  if (signUp.status !== 201) throw new Error(`sign_up ${signUp.status} ${signUp.text}`);
  const code = await latestCode(server.config.mail.outboxDir, email);
  const confirm = await api.post("/auth/confirm_sign_up", { email, code });
  if (confirm.status !== 200) throw new Error(`confirm ${confirm.status} ${confirm.text}`);
  const signIn = await api.post("/auth/sign_in", { email, password: GOOD_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign_in ${signIn.status} ${signIn.text}`);
  return { email, password: GOOD_PASSWORD, ...signIn.body };
}
