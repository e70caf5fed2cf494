import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./helpers/factories.js";
import { lineServerPerFile, linkUser, markReady, waitFor, webReception, type LineContext } from "./helpers/line.js";
import { addBranch } from "./helpers/organizations.js";

/**
 * A mail server that refuses every recipient whose address starts with "refused-" (as for a mistyped
 * address) and files the others' mails in the server's outbox folder, where the factories read the
 * sign-up codes.
 */
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith("refused-"))
      callback(Object.assign(new Error("No such user"), { responseCode: 550 }));
    else callback();
  },
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const folder = context.server.config.mail.outboxDir;
      mkdir(folder, { recursive: true })
        .then(() => writeFile(path.join(folder, `${Date.now()}-${randomUUID()}.eml`), Buffer.concat(chunks)))
        .then(() => callback(), callback);
    });
  },
});
const smtpPort = await new Promise<number>((resolve) =>
  smtp.listen(0, "127.0.0.1", () => resolve((smtp.server.address() as AddressInfo).port)),
);
const context: LineContext = lineServerPerFile({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

interface BranchDay {
  id: string;
  failedNotices: number;
}

async function failedNotices(pharmacyId: string): Promise<number> {
  const today = await context.server.api.get("/api/organization/today", context.account.idToken);
  expect(today.status).toBe(200);
  return (today.body.branches as BranchDay[]).find((branch) => branch.id === pharmacyId)!.failedNotices;
}

describe("the chain's day counts the notices that could not go out", () => {
  it("a visitor's mail the mail server refused and a LINE message over the monthly limit, on their branch and day", async () => {
    const { server, account, platform } = context;
    const branch = account.user.pharmacyId;
    const sibling = await addBranch(server, account, "さくら薬局 駅前店");
    expect(await failedNotices(branch)).toBe(0);

    // delivered: nothing counted
    const delivered = await webReception(context, { email: uniqueEmail("visitor") });
    expect((await markReady(context, delivered.id)).status).toBe(200);
    // refused by the mail server
    const refused = await webReception(context, { email: uniqueEmail("refused-visitor") });
    expect((await markReady(context, refused.id)).status).toBe(200);
    expect(await waitFor(async () => ((await failedNotices(branch)) === 1 ? 1 : undefined))).toBe(1);

    // LINE's monthly limit reached: the message is given up, counted too
    const linked = await webReception(context);
    await linkUser(context, linked.statusToken);
    platform.failPushes(429, 1, "You have reached your monthly limit.");
    expect((await markReady(context, linked.id)).status).toBe(200);
    expect(await waitFor(async () => ((await failedNotices(branch)) === 2 ? 2 : undefined))).toBe(2);
    expect(await failedNotices(sibling.branch.id)).toBe(0);

    // the next day in Tokyo starts from none
    server.clock.set(new Date("2026-06-03T15:00:00Z"));
    const { idToken } = (await server.api.post("/auth/refresh_token", { refreshToken: account.refreshToken })).body;
    account.idToken = idToken;
    expect(await failedNotices(branch)).toBe(0);
    // the mail's record names the branch and the time only
    const rows = await server.database.db.selectFrom("mail_failures").selectAll().execute();
    expect(rows.map((row) => Object.keys(row).sort())).toEqual([["failed_at", "id", "pharmacy_id"]]);
  });
});
