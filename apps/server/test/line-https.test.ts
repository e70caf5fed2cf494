import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LINE_CODE_PATTERN, lineLinkMessage, LineLinkSchema } from "@pharmacy/contract/line/line";
import { ALWAYS_OPEN } from "@pharmacy/test-support/business-hours";
import {
  lineSignature,
  makeLineAccount,
  makeLineUserId,
  startLinePlatform,
  textMessageEvent,
  type LinePlatform,
} from "@pharmacy/test-support/line-platform";
import { startServerProcess } from "@pharmacy/test-support/server-process";
import { ApiClient } from "./helpers/api-client.js";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import type { TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

/**
 * The same SDK calls over TLS, as in production: the server runs as its own process and trusts the
 * stand-in's self-signed certificate through NODE_EXTRA_CA_CERTS, like the Web Push test.
 */
let dir: string;
let platform: LinePlatform;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let api: ApiClient;
let account: TestAccount;
let slug: string;
const line = makeLineAccount();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "pharmacy-line-"));
  platform = await startLinePlatform([line], dir);
  const dataDir = path.join(dir, "data");
  server = await startServerProcess(
    {
      NODE_EXTRA_CA_CERTS: platform.caFile!,
      LINE_API_BASE_URL: platform.origin,
      PUBLIC_BASE_URL: "https://uketsuke.example.jp",
      PUBLIC_SEND_LIMIT_PER_MINUTE: "1000",
      DATABASE_URL: inject("databaseUrl") ?? "",
    },
    dataDir,
  );
  api = new ApiClient(server.baseUrl);
  const asTestServer = { api, config: { mail: { outboxDir: path.join(dataDir, "outbox") } } } as unknown as TestServer;
  account = await makeAccount(asTestServer);
  slug = await openPublicPage(asTestServer, account);
  // this server runs on the real clock: open all day every day, so a web reception is today's whenever the test runs
  expect((await api.request("PUT", "/api/business_hours", { body: ALWAYS_OPEN, token: account.idToken })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await server?.stop();
  await platform?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("LINE over https", () => {
  it("checks the settings, replies to the linking message and pushes 完了 through the TLS stand-in", async () => {
    expect(platform.origin.startsWith("https://")).toBe(true);
    const saved = await api.request("PUT", "/api/line/settings", {
      body: {
        channelSecret: line.channelSecret,
        channelAccessToken: line.accessToken,
        basicId: line.basicId,
        monthlyLimit: null,
      },
      token: account.idToken,
    });
    expect(saved.status).toBe(200);
    const sent = await sendWebReception(api, slug);
    const id = await receptionIdOf(api, account.idToken, sent.body.receptionNumber, sent.body.receptionDate);
    const { url } = LineLinkSchema.parse(
      (await api.post(`/api/public/reception/${sent.body.statusToken}/line_link`, undefined)).body,
    );
    const userId = makeLineUserId();
    const event = textMessageEvent(
      userId,
      lineLinkMessage(LINE_CODE_PATTERN.exec(decodeURIComponent(url))![0]),
      Date.now(),
    );
    const raw = JSON.stringify({ destination: line.botUserId, events: [event] });
    const hook = await fetch(`${server.baseUrl}/api/line/webhook/${slug}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-line-signature": lineSignature(raw, line.channelSecret) },
      body: raw,
    });
    expect(hook.status).toBe(200);
    expect(
      (await platform.until(() => platform.replies.find((reply) => reply.replyToken === event.replyToken))).text,
    ).toBe(`受付番号 ${sent.body.receptionNumber} のお知らせをLINEでお送りします`);
    await api.request("PATCH", `/api/reception/${id}`, { body: { id, status: "Completed" }, token: account.idToken });
    const push = await platform.until(() => platform.pushes.find((candidate) => candidate.to === userId));
    expect(push.text).toContain("お薬をお渡しできます");
    expect(platform.problems).toEqual([]);
  });
});
