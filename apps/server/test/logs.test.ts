import { Writable } from "node:stream";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeAccount, openPublicPage } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
const lines: Array<{ level: number; msg: string; req?: { url: string }; [key: string]: unknown }> = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // debug: the status page's poll is logged at debug, and even there its token must not appear.
  server = await startTestServer({ LOG_LEVEL: "debug" }, logStream);
});
afterAll(() => server.close());

describe("logs", () => {
  it("say loudly at start that mailed codes are logged while mails go to the outbox", () => {
    const warning = lines.find((line) => line.level === 40 && /SMTP_URL is not set/.test(line.msg));
    expect(warning?.msg).toMatch(/codes are written to this log/);
  });

  it("keep a visitor's status token out of the access log", async () => {
    const account = await makeAccount(server);
    const slug = await openPublicPage(server, account);
    const form = new FormData();
    form.append("patientName", "ヤマダ");
    form.append("phone", "09012345678");
    form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
    form.append("photoConsent", "true");
    form.append("file", new Blob([JPEG_BYTES], { type: "image/jpeg" }), "p.jpg");
    const sent = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, { method: "POST", body: form });
    const { statusToken } = (await sent.json()) as { statusToken: string };
    expect((await server.api.get(`/api/public/reception/${statusToken}`)).status).toBe(200);
    const logged = JSON.stringify(lines);
    expect(logged).toContain("/api/public/reception/[redacted]");
    expect(logged).not.toContain(statusToken);
  });

  it("keep every token-bearing page address out of the log: status page, follow-up page, invitation link", async () => {
    const token = "Zq8tK3vLm2Xn7Rp4Wb9Yc6Hd1Jf5Gs0A";
    const pages = [
      `/web/status/${token}`,
      `/web/status/${token}?from=push`,
      `/web/follow-up/${token}`,
      `/accept-invitation?token=${token}`,
      `/accept-invitation?email=a%40example.com&token=${token}&x=1`,
      `/api/public/reception/${token}/push_subscription`,
    ];
    for (const page of pages) await fetch(`${server.baseUrl}${page}`);
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(token);
    const urls = lines.map((line) => line.req?.url).filter((url) => url !== undefined);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/web/status/[redacted]",
        "/web/status/[redacted]?from=push",
        "/web/follow-up/[redacted]",
        "/accept-invitation?token=[redacted]",
        "/accept-invitation?email=a%40example.com&token=[redacted]&x=1",
        "/api/public/reception/[redacted]/push_subscription",
      ]),
    );
  });

  it("log a websocket frame over the size limit at info, not error", async () => {
    lines.length = 0;
    const socket = new WebSocket(`${server.baseUrl.replace(/^http/, "ws")}/ws`);
    await new Promise((resolve) => socket.once("open", resolve));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.send("x".repeat(64 * 1024));
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.some((line) => line.level === 30 && line.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH")).toBe(true);
  });
});
