import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { UPLOAD_QUOTA_FULL_MESSAGE } from "../src/features/public/upload-quota.js";
import { makeAccount, openPublicPage } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { sendBodyThenRead } from "./helpers/upload-first-client.js";

/**
 * Issue 20, item 12: a public send refused while its body still streams (today's photo quota, a send
 * already in progress from the address) must reach the visitor as the Japanese answer, not as a
 * dropped connection. The client sends five 9 MB photos whole before it reads the answer, as a phone's
 * browser does (`sendBodyThenRead`); with the socket closed on the unread rest, every send here was a
 * network error.
 */
let server: TestServer;
let slug: string;
const SENDS = 20;
const PHOTO = Buffer.concat([JPEG_BYTES, Buffer.alloc(9 * 1024 * 1024, 1)]);

beforeAll(async () => {
  server = await startTestServer({
    PUBLIC_UPLOAD_DAILY_MB: "1",
    PUBLIC_SEND_CONCURRENCY: "1",
    BODY_TIMEOUT_SECONDS: "600",
  });
  slug = await openPublicPage(server, await makeAccount(server));
});
afterAll(() => server.close());

/** The answer's status and message, or the network error the visitor would see instead. */
async function send(address: string): Promise<{ status: number; message: string } | { networkError: string }> {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  for (let i = 0; i < 5; i++) form.append("file", new Blob([PHOTO], { type: "image/jpeg" }), `p${i}.jpg`);
  const request = new Request(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": address },
  });
  const outcome = await sendBodyThenRead(server.baseUrl, request);
  if ("networkError" in outcome) return outcome;
  const body = JSON.parse(outcome.body) as { message: string; issues?: { message: string }[] };
  return { status: outcome.status, message: body.issues?.[0]?.message ?? body.message };
}

function tally(answers: Awaited<ReturnType<typeof send>>[]) {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const key = "networkError" in answer ? "network error" : `${answer.status} ${answer.message}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

describe("a public send refused while its body streams", () => {
  it(`is answered, ${SENDS} of ${SENDS}, when today's photo quota is used up`, async () => {
    const answers = [];
    for (let i = 0; i < SENDS; i += 4)
      answers.push(...(await Promise.all([0, 1, 2, 3].map((n) => send(`10.20.${i}.${n + 1}`)))));
    expect(tally(answers)).toEqual({ [`400 ${UPLOAD_QUOTA_FULL_MESSAGE}`]: SENDS });
  });

  it(`is answered, ${SENDS} of ${SENDS}, when the address has a send in progress`, async () => {
    const address = "10.30.0.1";
    const { port } = new URL(server.baseUrl);
    const held = http.request({
      port: Number(port),
      method: "POST",
      path: `/api/public/pharmacy/${slug}/reception`,
      headers: {
        "content-type": "multipart/form-data; boundary=b",
        "x-forwarded-for": address,
        "content-length": "100000",
      },
    });
    held.on("error", () => {});
    held.write("--b\r\n");
    try {
      const answers = [];
      for (let i = 0; i < SENDS; i += 4) answers.push(...(await Promise.all([0, 1, 2, 3].map(() => send(address)))));
      // the held send's slot may be freed meanwhile: those sends then meet the quota instead, answered too
      const counts = tally(answers);
      expect(counts["network error"]).toBeUndefined();
      expect(counts["429 送信中の受付があります。完了してからもう一度お試しください。"]).toBeGreaterThan(0);
      expect(
        Object.keys(counts).every((key) => key.startsWith("429 ") || key === `400 ${UPLOAD_QUOTA_FULL_MESSAGE}`),
      ).toBe(true);
    } finally {
      held.destroy();
    }
  });
});
