import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorResponseSchema } from "@pharmacy/contract/shared/errors";
import { LINE_CODE_PATTERN, lineLinkMessage, LineLinkSchema } from "@pharmacy/contract/line/line";
import { anyText, badBody } from "@pharmacy/test-support/bad-bodies";
import {
  lineSignature,
  makeLineAccount,
  makeLineUserId,
  startLinePlatform,
  textMessageEvent,
  type LinePlatform,
} from "@pharmacy/test-support/line-platform";
import { WebhookBodySchema } from "../src/features/line/webhook-events.js";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { sendWebReception } from "./helpers/web-reception.js";

/** LINE's webhook as an attacker or a confused proxy would call it: only LINE's own signed, fresh events count. */
let server: TestServer;
let platform: LinePlatform;
let account: TestAccount;
let slug: string;
const line = makeLineAccount();

beforeAll(async () => {
  platform = await startLinePlatform([line]);
  server = await startTestServer({
    LINE_API_BASE_URL: platform.origin,
    PUBLIC_BASE_URL: "https://uketsuke.example.jp",
  });
  server.clock.set(new Date("2026-06-03T01:00:00Z"));
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
  const saved = await server.api.request("PUT", "/api/line/settings", {
    body: {
      channelSecret: line.channelSecret,
      channelAccessToken: line.accessToken,
      basicId: line.basicId,
      monthlyLimit: null,
    },
    token: account.idToken,
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await platform?.close();
});

async function post(
  raw: string | Buffer,
  options: { signature?: string | null; slug?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  const signature = options.signature === undefined ? lineSignature(raw, line.channelSecret) : options.signature;
  if (signature !== null) headers["x-line-signature"] = signature;
  const response = await fetch(`${server.baseUrl}/api/line/webhook/${options.slug ?? slug}`, {
    method: "POST",
    headers,
    body: raw,
  });
  const text = await response.text();
  return { status: response.status, text };
}

const body = (...events: unknown[]) => JSON.stringify({ destination: line.botUserId, events });
const now = () => server.clock.now().getTime();
const linkCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom("line_links")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function freshCode(): Promise<string> {
  const sent = await sendWebReception(server.api, slug);
  const link = LineLinkSchema.parse(
    (await server.api.post(`/api/public/reception/${sent.body.statusToken}/line_link`, undefined)).body,
  );
  return LINE_CODE_PATTERN.exec(decodeURIComponent(link.url))![0];
}

describe("LINE webhook", () => {
  it("answers LINE's 検証 (no events) with 200 when signed with the channel secret", async () => {
    expect((await post(body())).status).toBe(200);
  });

  it("refuses a missing, wrong or other body's signature with 401, and links no one", async () => {
    const event = textMessageEvent(makeLineUserId(), lineLinkMessage(await freshCode()), now());
    const raw = body(event);
    const before = await linkCount();
    expect((await post(raw, { signature: null })).status).toBe(401);
    expect((await post(raw, { signature: lineSignature(raw, makeLineAccount().channelSecret) })).status).toBe(401);
    expect((await post(raw, { signature: lineSignature(body(), line.channelSecret) })).status).toBe(401);
    expect((await post(raw, { signature: "not base64 at all!" })).status).toBe(401);
    expect(await linkCount()).toBe(before);
    expect(platform.replies.find((reply) => reply.replyToken === event.replyToken)).toBeUndefined();
  });

  it("refuses an unknown branch and a branch without LINE with 404", async () => {
    expect((await post(body(), { slug: "zzzzzzzzzzzz" })).status).toBe(404);
    const other = await makeAccount(server);
    const otherSlug = await openPublicPage(server, other);
    expect((await post(body(), { slug: otherSlug })).status).toBe(404);
  });

  it("a replayed request is refused with 409 and handled once", async () => {
    const event = textMessageEvent(makeLineUserId(), lineLinkMessage(await freshCode()), now());
    const raw = body(event);
    expect((await post(raw)).status).toBe(200);
    const before = await linkCount();
    expect((await post(raw)).status).toBe(409);
    expect(await linkCount()).toBe(before);
    expect(platform.replies.filter((reply) => reply.replyToken === event.replyToken)).toHaveLength(1);
  });

  it("an event older than an hour (or from the future) is refused, though correctly signed", async () => {
    const before = await linkCount();
    const old = textMessageEvent(makeLineUserId(), lineLinkMessage(await freshCode()), now() - 61 * 60_000);
    expect((await post(body(old))).status).toBe(409);
    const future = textMessageEvent(makeLineUserId(), lineLinkMessage(await freshCode()), now() + 10 * 60_000);
    expect((await post(body(future))).status).toBe(409);
    expect(await linkCount()).toBe(before);
  });

  it("malformed or empty bodies are 400, another bot's events 400, another content type 415", async () => {
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify({ destination: line.botUserId }))).status).toBe(400);
    expect((await post(JSON.stringify({ destination: makeLineUserId(), events: [] }))).status).toBe(400);
    expect((await post("", {})).status).toBe(400);
    expect((await post(body(), { contentType: "text/plain" })).status).toBe(415);
  });

  it("1,000 generated bad requests, signed or not: a 4xx in the error shape, never a 5xx, no link made", async () => {
    const valid = JSON.parse(
      body(textMessageEvent(makeLineUserId(), lineLinkMessage(await freshCode()), now())),
    ) as object;
    const raws = fc.oneof(
      badBody(valid, WebhookBodySchema),
      anyText,
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    );
    const requests = fc.sample(fc.tuple(raws, fc.constantFrom("signed", "unsigned", "wrong")), {
      numRuns: 1000,
      seed: 24,
    });
    const before = await linkCount();
    for (let start = 0; start < requests.length; start += 8) {
      await Promise.all(
        requests.slice(start, start + 8).map(async ([raw, signing]) => {
          const signature =
            signing === "signed" ? undefined : signing === "unsigned" ? null : lineSignature(raw, "0".repeat(32));
          const { status, text } = await post(raw, { signature });
          expect(status, `${signing} ${raw.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
          expect(ErrorResponseSchema.strict().safeParse(JSON.parse(text)).success, text).toBe(true);
        }),
      );
    }
    expect(await linkCount()).toBe(before);
  });
});
