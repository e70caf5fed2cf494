import { Writable } from "node:stream";
import { afterAll, beforeAll, expect } from "vitest";
import { LINE_CODE_PATTERN, lineLinkMessage, LineLinkSchema } from "@pharmacy/contract/line/line";
import {
  lineSignature,
  makeLineAccount,
  makeLineUserId,
  startLinePlatform,
  textMessageEvent,
  type LineAccount,
  type LinePlatform,
} from "@pharmacy/test-support/line-platform";
import { resolveDataKey } from "../../src/config/data-key.js";
import type { DatabaseHandle } from "../../src/db/database.js";
import { AuditService } from "../../src/features/audit/service.js";
import { SecretBox } from "../../src/features/auth/secret-box.js";
import { LineDispatcher } from "../../src/features/line/dispatcher.js";
import { LineApi } from "../../src/features/line/line-api.js";
import { LineNotices } from "../../src/features/line/service.js";
import { LineSettingsService } from "../../src/features/line/settings-service.js";
import { LinkOrigins } from "../../src/features/pharmacy/link-origins.js";
import { PharmacyService } from "../../src/features/pharmacy/service.js";
import { LiveBus } from "../../src/live/live-bus.js";
import { UnitOfWork } from "../../src/live/unit-of-work.js";
import { makeAccount, openPublicPage, type TestAccount } from "./factories.js";
import { startTestServer, type TestServer } from "./server.js";
import { receptionIdOf, sendWebReception } from "./web-reception.js";

export const PUBLIC_BASE_URL = "https://uketsuke.example.jp";

/** A test file's server, branch and LINE stand-in: the branch's LINE channel connected (no monthly limit). */
export interface LineContext {
  server: TestServer;
  platform: LinePlatform;
  account: TestAccount;
  slug: string;
  /** The branch's channel. */
  line: LineAccount;
  /** Another branch's channel, known to the stand-in. */
  otherLine: LineAccount;
  /** The server's log, line by line (debug level). */
  logLines: string[];
}

/**
 * LINE for real over HTTP, one server per test file: the server's SDK talks to a local stand-in for
 * api.line.me (plain http, which the SDK's baseURL takes) that checks the bearer token, paths, bodies
 * and retry keys; webhooks are signed as LINE signs them. `env` adds to the server's settings.
 */
export function lineServerPerFile(env: Record<string, string> = {}): LineContext {
  const context = {
    line: makeLineAccount(),
    otherLine: makeLineAccount("もみじ薬局"),
    logLines: [] as string[],
  } as LineContext;
  beforeAll(async () => {
    context.platform = await startLinePlatform([context.line, context.otherLine]);
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        context.logLines.push(String(chunk));
        done();
      },
    });
    context.server = await startTestServer(
      {
        LOG_LEVEL: "debug",
        LINE_API_BASE_URL: context.platform.origin,
        LINE_SEND_SWEEP_SECONDS: "0.05",
        VISITOR_NOTICE_SWEEP_SECONDS: "0.05",
        FOLLOW_UP_SWEEP_SECONDS: "0.05",
        PUBLIC_BASE_URL,
        ...env,
      },
      logStream,
    );
    context.server.clock.set(new Date("2026-06-03T01:00:00Z"));
    context.account = await makeAccount(context.server);
    context.slug = await openPublicPage(context.server, context.account);
    expect((await connect(context)).status).toBe(200);
    // a server's first start takes long on a loaded machine
  }, 180_000);
  afterAll(async () => {
    await context.server?.close();
    await context.platform?.close();
  });
  return context;
}

/** PUT /api/line/settings with the branch's channel (or `overrides`), as `token`'s user. */
export function connect(
  context: LineContext,
  overrides: Record<string, unknown> = {},
  token = context.account.idToken,
) {
  const { line } = context;
  return context.server.api.request("PUT", "/api/line/settings", {
    body: {
      channelSecret: line.channelSecret,
      channelAccessToken: line.accessToken,
      basicId: line.basicId,
      monthlyLimit: null,
      ...overrides,
    },
    token,
  });
}

/** A visitor's web reception to the branch, with the staff's id of it. */
export async function webReception(context: LineContext, fields: { email?: string } = {}) {
  const sent = await sendWebReception(context.server.api, context.slug, fields);
  expect(sent.status).toBe(201);
  return {
    ...sent.body,
    id: await receptionIdOf(context.server.api, context.account.idToken, sent.body.receptionNumber),
  };
}

/** POSTs a webhook body to the branch's address, signed with `secret` (the channel's by default). */
export function webhook(
  context: LineContext,
  body: unknown,
  options: { secret?: string; slug?: string; signature?: string } = {},
) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return fetch(`${context.server.baseUrl}/api/line/webhook/${options.slug ?? context.slug}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-line-signature": options.signature ?? lineSignature(raw, options.secret ?? context.line.channelSecret),
    },
    body: raw,
  });
}

/** The test clock's now, in ms. */
export const nowOf = (context: LineContext) => context.server.clock.now().getTime();

/** A webhook body for the branch's bot. */
export const eventsFor = (context: LineContext, ...list: unknown[]) => ({
  destination: context.line.botUserId,
  events: list,
});

/** The code the status page's link carries, as LINE's app would send it. */
export async function linkCode(context: LineContext, statusToken: string): Promise<string> {
  const response = await context.server.api.post(`/api/public/reception/${statusToken}/line_link`, undefined);
  expect(response.status).toBe(201);
  const { url } = LineLinkSchema.parse(response.body);
  const prefix = `https://line.me/R/oaMessage/${encodeURIComponent(context.line.basicId)}/?`;
  expect(url.startsWith(prefix)).toBe(true);
  const text = decodeURIComponent(url.slice(prefix.length));
  const code = LINE_CODE_PATTERN.exec(text)?.[0];
  expect(text).toBe(lineLinkMessage(code!));
  return code!;
}

/** Links `userId` to the reception as a patient does: taps the link, sends the prefilled text. */
export async function linkUser(context: LineContext, statusToken: string, userId = makeLineUserId()) {
  const code = await linkCode(context, statusToken);
  const event = textMessageEvent(userId, lineLinkMessage(code), nowOf(context));
  const before = context.platform.replies.length;
  expect((await webhook(context, eventsFor(context, event))).status).toBe(200);
  const reply = await context.platform.until(() =>
    context.platform.replies.slice(before).find((candidate) => candidate.replyToken === event.replyToken),
  );
  return { userId, reply: reply.text, code };
}

/** The pushes LINE accepted for `userId`. */
export const pushesTo = (context: LineContext, userId: string) =>
  context.platform.pushes.filter((push) => push.to === userId);

/** Marks the reception ready (完了): its LINE users get 「お薬をお渡しできます」. */
export async function markReady(context: LineContext, id: string, token = context.account.idToken) {
  return context.server.api.request("PATCH", `/api/reception/${id}`, { body: { id, status: "Completed" }, token });
}

/**
 * Waits until the user's oldest waiting message has been tried `attempts` times and put back for later;
 * gives the wait till its next try, and moves the clock there unless `moveClock` is false.
 */
export async function untilRescheduled(
  context: LineContext,
  userId: string,
  attempts: number,
  moveClock = true,
): Promise<number> {
  const { server } = context;
  const row = await waitFor(async () => {
    const message = await server.database.db
      .selectFrom("line_outbox")
      .select(["attempts", "lease_until", "next_attempt_at"])
      .where("line_user_id", "=", userId)
      .where("state", "=", "pending")
      .orderBy("seq")
      .executeTakeFirst();
    return message && message.attempts === attempts && message.lease_until === null ? message : undefined;
  });
  const waitMs = row.next_attempt_at.getTime() - nowOf(context);
  if (moveClock) server.clock.advance(waitMs);
  return waitMs;
}

/** Reads `read` every 50 ms until it gives a value (up to `timeoutMs`). */
export async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The LINE feature's classes as another process of the server builds them, over `database` (the test
 * server's by default, or another handle to its PostgreSQL database) and the stand-in: what they queue
 * is sent by their own dispatcher and by the server's.
 */
export async function lineFeatureOver(context: LineContext, database: DatabaseHandle = context.server.database) {
  const { server, platform } = context;
  const { db } = database;
  const unitOfWork = new UnitOfWork(db, new LiveBus(database, (error) => server.app.log.error(error)));
  const audit = new AuditService({ db, clock: server.clock });
  const pharmacies = new PharmacyService({ db, clock: server.clock, unitOfWork, audit });
  const linkOrigins = new LinkOrigins(db, PUBLIC_BASE_URL);
  const api = new LineApi(platform.origin, server.config.line.timeoutMs);
  const secretBox = new SecretBox(await resolveDataKey(server.config.dataEncryptionKey, server.config.dataDir));
  const settings = new LineSettingsService({
    db,
    clock: server.clock,
    unitOfWork,
    secretBox,
    api,
    pharmacies,
    linkOrigins,
    audit,
  });
  const dispatcher = new LineDispatcher(db, server.clock, api, settings, server.app.log);
  return {
    unitOfWork,
    dispatcher,
    notices: new LineNotices({ db, clock: server.clock, settings, dispatcher, pharmacies, linkOrigins }),
  };
}
