import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINE_CODE_PATTERN, lineLinkMessage, LineLinkSchema, LineSettingsSchema, MAX_LINE_LINKS_PER_RECEPTION } from "@pharmacy/contract/line";
import { lineSignature, makeLineAccount, makeLineUserId, startLinePlatform, textMessageEvent, unfollowEvent, type LineAccount, type LinePlatform } from "@pharmacy/test-support/line-platform";
import { resolveDataKey } from "../src/config/data-key.js";
import { AuditService } from "../src/features/audit/service.js";
import { SecretBox } from "../src/features/auth/secret-box.js";
import { LineDispatcher } from "../src/features/line/dispatcher.js";
import { LineApi } from "../src/features/line/line-api.js";
import { LineNotices } from "../src/features/line/service.js";
import { LineSettingsService } from "../src/features/line/settings-service.js";
import { LinkOrigins } from "../src/features/pharmacy/link-origins.js";
import { PharmacyService } from "../src/features/pharmacy/service.js";
import { LiveBus } from "../src/live/live-bus.js";
import { UnitOfWork } from "../src/live/unit-of-work.js";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

/**
 * LINE for real over HTTP: the server's SDK talks to a local stand-in for api.line.me (plain http, which
 * the SDK's baseURL takes), which checks the bearer token, paths, bodies and retry keys; webhooks are
 * signed as LINE signs them.
 */
let server: TestServer;
let platform: LinePlatform;
let account: TestAccount;
let slug: string;
const line: LineAccount = makeLineAccount();
/** Another branch's channel. */
const otherLine: LineAccount = makeLineAccount("もみじ薬局");
const logLines: string[] = [];
const PUBLIC_BASE_URL = "https://uketsuke.example.jp";

beforeAll(async () => {
  platform = await startLinePlatform([line, otherLine]);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ LOG_LEVEL: "debug", LINE_API_BASE_URL: platform.origin, LINE_SEND_SWEEP_SECONDS: "0.05", VISITOR_NOTICE_SWEEP_SECONDS: "0.05", FOLLOW_UP_SWEEP_SECONDS: "0.05", PUBLIC_BASE_URL }, logStream);
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
  const saved = await connect({ monthlyLimit: null });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await platform?.close();
});

function connect(overrides: Record<string, unknown> = {}, token = account.idToken) {
  return server.api.request("PUT", "/api/line/settings", { body: { channelSecret: line.channelSecret, channelAccessToken: line.accessToken, basicId: line.basicId, monthlyLimit: null, ...overrides }, token });
}

async function webReception() {
  const sent = await sendWebReception(server.api, slug);
  expect(sent.status).toBe(201);
  return { ...sent.body, id: await receptionIdOf(server.api, account.idToken, sent.body.receptionNumber) };
}

/** POSTs a webhook body to the branch's address, signed with `secret` (the channel's by default). */
function webhook(body: unknown, options: { secret?: string; slug?: string; signature?: string } = {}) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return fetch(`${server.baseUrl}/api/line/webhook/${options.slug ?? slug}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-line-signature": options.signature ?? lineSignature(raw, options.secret ?? line.channelSecret) },
    body: raw,
  });
}

const now = () => server.clock.now().getTime();
const events = (...list: unknown[]) => ({ destination: line.botUserId, events: list });

/** The code the status page's link carries, as LINE's app would send it. */
async function linkCode(statusToken: string): Promise<string> {
  const response = await server.api.post(`/api/public/reception/${statusToken}/line_link`, undefined);
  expect(response.status).toBe(201);
  const { url } = LineLinkSchema.parse(response.body);
  const prefix = `https://line.me/R/oaMessage/${encodeURIComponent(line.basicId)}/?`;
  expect(url.startsWith(prefix)).toBe(true);
  const text = decodeURIComponent(url.slice(prefix.length));
  const code = LINE_CODE_PATTERN.exec(text)?.[0];
  expect(text).toBe(lineLinkMessage(code!));
  return code!;
}

/** Links `userId` to the reception as a patient does: taps the link, sends the prefilled text. */
async function linkUser(statusToken: string, userId = makeLineUserId()) {
  const code = await linkCode(statusToken);
  const event = textMessageEvent(userId, lineLinkMessage(code), now());
  const before = platform.replies.length;
  expect((await webhook(events(event))).status).toBe(200);
  const reply = await platform.until(() => platform.replies.slice(before).find((candidate) => candidate.replyToken === event.replyToken));
  return { userId, reply: reply.text, code };
}

const pushesTo = (userId: string) => platform.pushes.filter((push) => push.to === userId);

describe("LINE settings (admin)", () => {
  it("are checked with LINE, never given back, and show the webhook address on PUBLIC_BASE_URL", async () => {
    const read = await server.api.get("/api/line/settings", account.idToken);
    expect(read.status).toBe(200);
    const settings = LineSettingsSchema.parse(read.body);
    expect(settings).toMatchObject({ connected: true, basicId: line.basicId, displayName: line.displayName, webhookUrl: `${PUBLIC_BASE_URL}/api/line/webhook/${slug}` });
    expect(JSON.stringify(read.body)).not.toContain(line.channelSecret);
    expect(JSON.stringify(read.body)).not.toContain(line.accessToken);
    const info = platform.requests.find((request) => request.path === "/v2/bot/info");
    expect(info?.headers.authorization).toBe(`Bearer ${line.accessToken}`);
  });

  it("are stored sealed: neither the secret nor the token is in the database or the log in clear", async () => {
    const row = await server.database.db.selectFrom("line_channels").selectAll().executeTakeFirstOrThrow();
    expect(row.channel_secret.startsWith("enc1:")).toBe(true);
    expect(row.access_token.startsWith("enc1:")).toBe(true);
    expect(JSON.stringify(row)).not.toContain(line.channelSecret);
    expect(JSON.stringify(row)).not.toContain(line.accessToken);
    expect(logLines.join("")).not.toContain(line.accessToken);
    expect(logLines.join("")).not.toContain(line.channelSecret);
  });

  it("refuses a token LINE does not know, a LINE ID of another account, and bad shapes, saving nothing", async () => {
    const before = await server.database.db.selectFrom("line_channels").select("updated_at").executeTakeFirstOrThrow();
    const wrongToken = await connect({ channelAccessToken: "x".repeat(40) });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.issues[0].path).toEqual(["channelAccessToken"]);
    const wrongId = await connect({ basicId: "@someoneelse" });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.issues[0].message).toContain(line.basicId);
    for (const bad of [{ channelSecret: "short" }, { basicId: "nobasicid" }, { monthlyLimit: 0 }, { monthlyLimit: "many" }, { extra: 1 }]) {
      expect((await connect(bad)).status).toBe(400);
    }
    const after = await server.database.db.selectFrom("line_channels").select("updated_at").executeTakeFirstOrThrow();
    expect(after.updated_at).toEqual(before.updated_at);
    expect(logLines.join("")).not.toContain("x".repeat(40));
  });

  it("are recorded in the audit log without the secrets", async () => {
    const audit = await server.api.get("/api/audit?action=line.connected", account.idToken);
    expect(audit.status).toBe(200);
    expect(audit.body.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.body)).not.toContain(line.accessToken);
  });
});

describe("linking a patient", () => {
  it("the status page offers LINE; the prefilled code links the sender, who is told the reception number", async () => {
    const reception = await webReception();
    const offer = await server.api.get(`/api/public/reception/${reception.statusToken}/line_link`);
    expect(offer.body).toEqual({ available: true, linked: false });
    const { reply } = await linkUser(reception.statusToken);
    expect(reply).toBe(`受付番号 ${reception.receptionNumber} のお知らせをLINEでお送りします`);
    expect((await server.api.get(`/api/public/reception/${reception.statusToken}/line_link`)).body).toEqual({ available: true, linked: true });
    expect(platform.problems).toEqual([]);
  });

  it("a code links one LINE user only: a second sender of it is refused", async () => {
    const reception = await webReception();
    const { code } = await linkUser(reception.statusToken);
    const intruder = makeLineUserId();
    const event = textMessageEvent(intruder, lineLinkMessage(code), now());
    expect((await webhook(events(event))).status).toBe(200);
    const reply = await platform.until(() => platform.replies.find((candidate) => candidate.replyToken === event.replyToken));
    expect(reply.text).toContain("このコードは使えません");
    expect(await server.database.db.selectFrom("line_links").select("line_user_id").where("line_user_id", "=", intruder).execute()).toEqual([]);
  });

  it("a code of another branch, a made-up one, or one past the notices' end links no one", async () => {
    const reception = await webReception();
    const code = await linkCode(reception.statusToken);
    // another branch's live code, sent to this branch's account
    const other = await makeAccount(server);
    const otherSlug = await openPublicPage(server, other);
    expect((await connect({ channelSecret: otherLine.channelSecret, channelAccessToken: otherLine.accessToken, basicId: otherLine.basicId }, other.idToken)).status).toBe(200);
    const otherSent = await sendWebReception(server.api, otherSlug);
    const otherLink = LineLinkSchema.parse((await server.api.post(`/api/public/reception/${otherSent.body.statusToken}/line_link`, undefined)).body);
    const otherCode = LINE_CODE_PATTERN.exec(decodeURIComponent(otherLink.url))![0];
    const crossed = textMessageEvent(makeLineUserId(), lineLinkMessage(otherCode), now());
    expect((await webhook(events(crossed))).status).toBe(200);
    expect((await platform.until(() => platform.replies.find((reply) => reply.replyToken === crossed.replyToken))).text).toContain("このコードは使えません");
    const madeUp = textMessageEvent(makeLineUserId(), lineLinkMessage("ABCD-EFGH"), now());
    expect((await webhook(events(madeUp))).status).toBe(200);
    expect((await platform.until(() => platform.replies.find((reply) => reply.replyToken === madeUp.replyToken))).text).toContain("このコードは使えません");
    // the notices of a reception end 14 days after its pickup day (SPEC §11): so does its code
    server.clock.advance(16 * 24 * 60 * 60_000);
    try {
      // the notices' sweep deletes the expired code (and the reception's links) from the table
      await waitFor(async () => {
        const left = await server.database.db.selectFrom("line_link_codes").select("code_hash").where("reception_id", "=", reception.id).execute();
        return left.length === 0 ? true : undefined;
      });
      const late = textMessageEvent(makeLineUserId(), lineLinkMessage(code), now());
      expect((await webhook(events(late))).status).toBe(200);
      expect((await platform.until(() => platform.replies.find((reply) => reply.replyToken === late.replyToken))).text).toContain("このコードは使えません");
    } finally {
      server.clock.advance(-16 * 24 * 60 * 60_000);
    }
  });

  it(`at most ${MAX_LINE_LINKS_PER_RECEPTION} LINE users per reception`, async () => {
    const reception = await webReception();
    for (let i = 0; i < MAX_LINE_LINKS_PER_RECEPTION; i++) await linkUser(reception.statusToken);
    const { reply } = await linkUser(reception.statusToken);
    expect(reply).toContain("これ以上LINEを連携できません");
  });

  it("an unknown status link is 404, a handed-over reception is offered nothing", async () => {
    expect((await server.api.post(`/api/public/reception/${"x".repeat(30)}/line_link`, undefined)).status).toBe(404);
    const reception = await webReception();
    await server.api.request("PATCH", `/api/reception/${reception.id}`, { body: { id: reception.id, status: "Completed" }, token: account.idToken });
    await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, account.idToken);
    expect((await server.api.get(`/api/public/reception/${reception.statusToken}/line_link`)).body).toEqual({ available: false, linked: false });
    expect((await server.api.post(`/api/public/reception/${reception.statusToken}/line_link`, undefined)).status).toBe(409);
  });
});

describe("messages", () => {
  it("ready, called and a photo request reach the linked user, in Japanese, without personal data, with the status link", async () => {
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    await server.api.request("PATCH", `/api/reception/${reception.id}`, { body: { id: reception.id, status: "Completed" }, token: account.idToken });
    await server.api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    await server.api.post(`/api/reception/${reception.id}/photo_request`, { reason: "Glare", message: "ヤマダ様へ" }, account.idToken);
    const pushes = await platform.until(() => (pushesTo(userId).length >= 3 ? pushesTo(userId) : undefined));
    const link = `${PUBLIC_BASE_URL}/web/status/${reception.statusToken}`;
    const { name } = (await server.api.get("/api/pharmacy", account.idToken)).body as { name: string };
    expect(pushes.map((push) => push.text)).toEqual([
      `【${name}】お薬をお渡しできます\n受付番号 ${reception.receptionNumber}番のお薬の準備ができました。薬局の窓口で受付番号をお伝えください。\n\n${link}`,
      `【${name}】お呼びしています\n受付番号 ${reception.receptionNumber}番の方、お薬のご用意ができました。お渡し口までお越しください。\n\n${link}`,
      `【${name}】処方箋の写真をもう一度お送りください\n受付番号 ${reception.receptionNumber}番：光が反射して読み取れません。受付状況のページから新しい写真を送ってください。\n\n${link}`,
    ]);
    for (const push of pushes) {
      expect(push.text).not.toMatch(/ヤマダ|09012345678/);
    }
    const sent = platform.requests.filter((request) => request.path === "/v2/bot/message/push");
    expect(sent.every((request) => request.headers.authorization === `Bearer ${line.accessToken}`)).toBe(true);
    expect(new Set(pushes.map((push) => push.retryKey)).size).toBe(3);
    expect(platform.problems).toEqual([]);
  });

  it("a blocked account (unfollow) unlinks the user: nothing more is sent to them", async () => {
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    expect((await webhook(events(unfollowEvent(userId, now())))).status).toBe(200);
    expect(await server.database.db.selectFrom("line_links").select("reception_id").where("line_user_id", "=", userId).execute()).toEqual([]);
    await server.api.request("PATCH", `/api/reception/${reception.id}`, { body: { id: reception.id, status: "Completed" }, token: account.idToken });
    // a later message to someone else goes out, and still nothing to the one who blocked
    const other = await webReception();
    const { userId: otherUser } = await linkUser(other.statusToken);
    await server.api.request("PATCH", `/api/reception/${other.id}`, { body: { id: other.id, status: "Completed" }, token: account.idToken });
    await platform.until(() => (pushesTo(otherUser).length > 0 ? true : undefined));
    expect(pushesTo(userId)).toEqual([]);
  });

  it("hand-over ends the link: no message after it", async () => {
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    await server.api.request("PATCH", `/api/reception/${reception.id}`, { body: { id: reception.id, status: "Completed" }, token: account.idToken });
    await platform.until(() => (pushesTo(userId).length === 1 ? true : undefined));
    await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, account.idToken);
    expect(await server.database.db.selectFrom("line_links").select("reception_id").where("reception_id", "=", reception.id).execute()).toEqual([]);
  });
});

describe("LINE's failures", () => {
  /** Waits until the user's message has been tried `attempts` times and put back for later; the clock is moved to its next try. */
  async function untilRescheduled(userId: string, attempts: number): Promise<number> {
    const row = await waitFor(async () => {
      const message = await server.database.db.selectFrom("line_outbox").select(["attempts", "lease_until", "next_attempt_at", "created_at"]).where("line_user_id", "=", userId).where("state", "=", "pending").orderBy("seq").executeTakeFirst();
      return message && message.attempts === attempts && message.lease_until === null ? message : undefined;
    });
    const waitMs = row.next_attempt_at.getTime() - now();
    server.clock.advance(waitMs);
    return waitMs;
  }

  it("429 and 5xx are tried again after a wait, under the same retry key; the message arrives once, and a later one waits for it", async () => {
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    platform.failPushes(500, 1);
    platform.failPushes(429, 1);
    const triesBefore = platform.requests.filter((request) => request.path === "/v2/bot/message/push").length;
    await server.api.request("PATCH", `/api/reception/${reception.id}`, { body: { id: reception.id, status: "Completed" }, token: account.idToken });
    // the first try fails at once; the next waits 1 s, the third 2 s (LINE's Retry-After of 1 s is shorter), on the test clock
    expect(await untilRescheduled(userId, 1)).toBe(1000);
    expect(pushesTo(userId)).toEqual([]);
    // queued meanwhile, the call waits for the message before it
    await server.api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    expect(await untilRescheduled(userId, 2)).toBe(2000);
    const delivered = await platform.until(() => (pushesTo(userId).length >= 2 ? pushesTo(userId) : undefined));
    expect(delivered.map((push) => push.text.split("\n")[0])).toEqual([expect.stringContaining("お薬をお渡しできます"), expect.stringContaining("お呼びしています")]);
    const tries = platform.requests.filter((request) => request.path === "/v2/bot/message/push").slice(triesBefore);
    expect(tries).toHaveLength(4);
    expect(tries.slice(0, 3).every((request) => request.headers["x-line-retry-key"] === delivered[0]!.retryKey)).toBe(true);
  });

  it("an answer lost after LINE accepted the message: the retry gets 409 and the patient gets it once", async () => {
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    platform.acceptThenDropNextPush();
    await server.api.post(`/api/reception/${reception.id}/photo_request`, { reason: "Blurry" }, account.idToken);
    await untilRescheduled(userId, 1);
    const settled = await waitFor(async () => {
      const message = await server.database.db.selectFrom("line_outbox").select(["state", "attempts"]).where("line_user_id", "=", userId).executeTakeFirstOrThrow();
      return message.state === "sent" ? message : undefined;
    });
    expect(settled.attempts).toBe(2);
    expect(pushesTo(userId)).toHaveLength(1);
  });

  it("a branch's monthly limit is respected: past it nothing is sent, and LINE's own limit (429) is not tried again", async () => {
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    const sentThisMonth = (await server.api.get("/api/line/settings", account.idToken)).body.sentThisMonth as number;
    expect(sentThisMonth).toBeGreaterThan(0);
    expect((await connect({ monthlyLimit: sentThisMonth })).status).toBe(200);
    try {
      await server.api.request("PATCH", `/api/reception/${reception.id}`, { body: { id: reception.id, status: "Completed" }, token: account.idToken });
      const overQuota = await waitFor(async () => {
        const message = await server.database.db.selectFrom("line_outbox").select("state").where("line_user_id", "=", userId).executeTakeFirst();
        return message?.state === "over_quota" ? message : undefined;
      });
      expect(overQuota.state).toBe("over_quota");
      expect(pushesTo(userId)).toEqual([]);
    } finally {
      expect((await connect({ monthlyLimit: null })).status).toBe(200);
    }
    platform.failPushes(429, 1, "You have reached your monthly limit.");
    await server.api.post(`/api/reception/${reception.id}/call`, undefined, account.idToken);
    const refused = await waitFor(async () => {
      const rows = await server.database.db.selectFrom("line_outbox").select(["state", "attempts"]).where("line_user_id", "=", userId).orderBy("created_at").execute();
      return rows.length === 2 && rows[1]!.state !== "pending" ? rows[1] : undefined;
    });
    expect(refused).toEqual({ state: "over_quota", attempts: 1 });
  });
});

/**
 * The follow-ups feature (SPEC §12) is built apart: it will call `LineNotices` as the server wires it.
 * Here the same classes are built over the test server's database and the stand-in, and the server's
 * own dispatcher sends what they queue.
 */
describe("follow-up and refill messages (the follow-ups feature's calls)", () => {
  const DAY = 24 * 60 * 60_000;

  async function notifier() {
    const { db } = server.database;
    const unitOfWork = new UnitOfWork(db, new LiveBus(server.database, (error) => server.app.log.error(error)));
    const audit = new AuditService({ db, clock: server.clock });
    const pharmacies = new PharmacyService({ db, clock: server.clock, unitOfWork, audit });
    const linkOrigins = new LinkOrigins(db, PUBLIC_BASE_URL);
    const api = new LineApi(platform.origin);
    const secretBox = new SecretBox(await resolveDataKey(server.config.dataEncryptionKey, server.config.dataDir));
    const settings = new LineSettingsService({ db, clock: server.clock, unitOfWork, secretBox, api, pharmacies, linkOrigins, audit });
    const dispatcher = new LineDispatcher(db, server.clock, api, settings, server.app.log);
    return { unitOfWork, notices: new LineNotices({ db, clock: server.clock, settings, dispatcher, pharmacies, linkOrigins }) };
  }

  async function handOver(id: string) {
    await server.api.request("PATCH", `/api/reception/${id}`, { body: { id, status: "Completed" }, token: account.idToken });
    expect((await server.api.post(`/api/reception/${id}/hand_over`, undefined, account.idToken)).status).toBe(200);
  }

  it("with consent the link outlives hand-over: a follow-up's questionnaire and a refill reminder reach the patient, until care ends", async () => {
    const { unitOfWork, notices } = await notifier();
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    expect(await unitOfWork.run((work) => notices.keepForCare(work, reception.id, new Date(now() + 60 * DAY)))).toBe(1);
    await handOver(reception.id);
    const target = { pharmacyId: account.user.pharmacyId, receptionId: reception.id };
    const questionnaireUrl = `${PUBLIC_BASE_URL}/web/follow-up/${"f".repeat(32)}`;
    expect(await unitOfWork.run((work) => notices.followUpDue(work, { ...target, questionnaireUrl }))).toBe(1);
    const receptionUrl = `${PUBLIC_BASE_URL}/web/${slug}`;
    expect(await unitOfWork.run((work) => notices.refillReminder(work, { ...target, windowOpensOn: "2026-06-20", receptionUrl }))).toBe(1);
    const { name } = (await server.api.get("/api/pharmacy", account.idToken)).body as { name: string };
    const texts = await platform.until(() => {
      const after = pushesTo(userId).map((push) => push.text).filter((text) => !text.includes("お渡しできます"));
      return after.length >= 2 ? after : undefined;
    });
    // this test's dispatcher and the server's both send: the queue's order holds across them
    expect(texts).toEqual([
      `【${name}】お薬をお使いになってからの体調について、いくつかお伺いします。1分ほどで答えられます。\n\n${questionnaireUrl}`,
      `【${name}】次回のお薬のお受け取りの時期が近づいています（6月20日（土）から）。次の受付はこちらから送れます。\n\n${receptionUrl}`,
    ]);
    await unitOfWork.run((work) => notices.endCare(work, reception.id));
    expect(await unitOfWork.run((work) => notices.followUpDue(work, { ...target, questionnaireUrl }))).toBe(0);
  });

  it("without consent, hand-over ends the link and a follow-up reaches no one", async () => {
    const { unitOfWork, notices } = await notifier();
    const reception = await webReception();
    await linkUser(reception.statusToken);
    await handOver(reception.id);
    const questionnaireUrl = `${PUBLIC_BASE_URL}/web/follow-up/${"g".repeat(32)}`;
    expect(await unitOfWork.run((work) => notices.followUpDue(work, { pharmacyId: account.user.pharmacyId, receptionId: reception.id, questionnaireUrl }))).toBe(0);
  });
});

describe("follow-ups reach a linked patient on LINE too (issues 23 and 24, wired)", () => {
  const DAY = 24 * 60 * 60_000;

  it("staff record consent and plan 7日後 before hand-over: on its day the questionnaire goes to LINE beside the mail; withdrawn, the link is gone", async () => {
    const reception = await webReception();
    const { userId } = await linkUser(reception.statusToken);
    const token = account.idToken;
    expect((await server.api.request("PUT", `/api/reception/${reception.id}/care_contact`, { body: { email: "patient@example.jp", consent: true }, token })).status).toBe(200);
    expect((await server.api.post(`/api/reception/${reception.id}/follow_ups`, { daysAfter: 7, template: "general", channel: "email" }, token)).status).toBe(201);
    await server.api.request("PATCH", `/api/reception/${reception.id}`, { body: { id: reception.id, status: "Completed" }, token });
    expect((await server.api.post(`/api/reception/${reception.id}/hand_over`, undefined, token)).status).toBe(200);
    const before = pushesTo(userId).length;
    const { name } = (await server.api.get("/api/pharmacy", token)).body as { name: string };

    server.clock.set(new Date(now() + 7 * DAY));
    const questionnaire = await platform.until(() => pushesTo(userId).slice(before).find((push) => push.text.includes("/web/follow-up/")));
    expect(questionnaire.text).toMatch(new RegExp(`^【${name}】お薬をお使いになってから.*\\n\\n${PUBLIC_BASE_URL}/web/follow-up/[A-Za-z0-9_-]{20,64}$`, "s"));
    expect(questionnaire.text).not.toContain("ヤマダ");

    const again = (await server.api.post("/auth/sign_in", { email: account.email, password: account.password })).body as { idToken: string };
    expect((await server.api.request("DELETE", `/api/reception/${reception.id}/care_contact`, { token: again.idToken })).status).toBe(204);
    const links = await server.database.db.selectFrom("line_links").select("reception_id").where("reception_id", "=", reception.id).execute();
    expect(links).toEqual([]);
  });
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
