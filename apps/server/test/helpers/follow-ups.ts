import { expect } from "vitest";
import { decodeMailText, outboxMails } from "@pharmacy/test-support/mail";
import type { TestAccount } from "./factories.js";
import type { TestServer } from "./server.js";

/** The follow-up tests' branch link base: every mailed link is built on it. */
export const LINK_BASE = "https://uketsuke.example.jp";

/** Sets the server's clock to a JST wall-clock time and renews the accounts' id tokens (they last an hour). */
export async function at(server: TestServer, jst: string, accounts: TestAccount[]): Promise<void> {
  server.clock.set(new Date(`${jst}+09:00`));
  for (const account of accounts) {
    const refreshed = await server.api.post("/auth/refresh_token", { refreshToken: account.refreshToken });
    expect(refreshed.status).toBe(200);
    account.idToken = refreshed.body.idToken;
  }
}

/** Waits (up to 10 s) until `check` holds, reading it again every 50 ms; its last value. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** The decoded mails to that address. */
export async function mailTexts(server: TestServer, to: string): Promise<string[]> {
  return (await outboxMails(server.config.mail.outboxDir, to)).map(decodeMailText);
}

/** The token of the newest follow-up link mailed to that address, waiting for the mail. */
export async function mailedFollowUpToken(server: TestServer, to: string, count = 1): Promise<string> {
  const mails = await eventually(
    () => mailTexts(server, to),
    (texts) => texts.filter((text) => text.includes("/web/follow-up/")).length >= count,
  );
  const match = /\/web\/follow-up\/([A-Za-z0-9_-]+)/.exec(
    mails.filter((text) => text.includes("/web/follow-up/")).at(-1) ?? "",
  );
  if (!match?.[1]) throw new Error(`no follow-up link mailed to ${to}`);
  return match[1];
}

/** The follow-up's status as staff read it. */
export async function statusOf(server: TestServer, account: TestAccount, id: string): Promise<string> {
  return (await server.api.get(`/api/follow_ups/${id}`, account.idToken)).body.status as string;
}
