import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { hashToken } from "../src/lib/token-hash.js";
import { makeAccount, openPublicPage, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer({ BODY_TIMEOUT_SECONDS: "0.5" });
  account = await makeAccount(server);
});
afterAll(() => server.close());

/**
 * Sends the head of a request, then its body one byte at a time every `everyMs`, for at most
 * `giveUpMs`; resolves with what the server answered and whether it closed the connection.
 */
function dripRequest(
  head: string,
  body: Buffer,
  everyMs: number,
  giveUpMs: number,
): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const { port } = new URL(server.baseUrl);
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < body.length) socket.write(body.subarray(sent, ++sent));
    }, everyMs);
    const finish = (closed: boolean) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, closed });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on("data", (chunk) => (answer += String(chunk)));
    socket.on("close", () => finish(true));
    socket.on("error", () => undefined);
    socket.write(head);
  });
}

describe("a body that barely moves", () => {
  it("is answered 408 with the error shape and its connection closed, on JSON calls", async () => {
    const body = Buffer.from(JSON.stringify({ email: "slow@example.jp", password: "Kusuri2026" }));
    const head = `POST /auth/sign_in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, closed } = await dripRequest(head, body, 200, 20_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      message: expect.stringMatching(/通信が遅い/),
    });
    expect(closed).toBe(true);
  });

  it("is answered 408 on uploads", async () => {
    const body = Buffer.concat([
      Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      ),
      Buffer.alloc(5000, 1),
    ]);
    const head =
      `POST /api/file HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.idToken}\r\n` +
      `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length + 10}\r\n\r\n`;
    const { answer, closed } = await dripRequest(head, body, 200, 20_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closed).toBe(true);
  });

  it("a body that keeps arriving is read to the end, however long it takes", async () => {
    const form = new FormData();
    form.append("file", new Blob([Buffer.alloc(64 * 1024, 1)], { type: "image/jpeg" }), "a.jpg");
    const encoded = new Response(form);
    const contentType = encoded.headers.get("content-type")!;
    const bytes = Buffer.from(await encoded.arrayBuffer());
    let offset = 0;
    const stream = new ReadableStream({
      async pull(controller) {
        if (offset >= bytes.length) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 100));
        controller.enqueue(bytes.subarray(offset, (offset += 4096)));
      },
    });
    const response = await fetch(`${server.baseUrl}/api/file`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.idToken}`, "content-type": contentType },
      body: stream,
      duplex: "half",
    } as RequestInit);
    // the bytes are no image: what matters is that the whole body was read and judged
    expect(response.status).toBe(415);
  });

  it("sets no limit on a request's total time: only a stalled body is cut off", () => {
    expect(server.app.server.requestTimeout).toBe(0);
  });
});

/** A multipart body sent in `chunkBytes` pieces every `everyMs`, as a phone on a slow uplink sends it. */
function throttled(bytes: Buffer, chunkBytes: number, everyMs: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset >= bytes.length) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      controller.enqueue(bytes.subarray(offset, (offset += chunkBytes)));
    },
  });
}

describe("an upload that keeps making progress", () => {
  it(
    "a five-photo Web reception sent slowly over many body-timeout windows is received whole",
    { timeout: 60_000 },
    async () => {
      const slug = await openPublicPage(server, account);
      const form = new FormData();
      form.append("patientName", "ヤマダ タロウ");
      form.append("phone", "090-1234-5678");
      form.append(
        "answers",
        JSON.stringify({
          prescriptionType: "Paper",
          firstVisit: "no",
          receiveMethod: "ReturnVisit",
          returnDate: "2026-11-20",
          returnTimePeriod: "14:00-18:00",
        }),
      );
      form.append("photoConsent", "true");
      for (let index = 0; index < 5; index += 1) {
        const photo = await sharp({
          create: {
            width: 400,
            height: 300,
            channels: 3,
            background: "#ccc",
            noise: { type: "gaussian", mean: 128, sigma: 30 },
          },
        })
          .jpeg()
          .toBuffer();
        form.append("file", new Blob([photo], { type: "image/jpeg" }), `photo-${index}.jpg`);
      }
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      // 750 kbit/s against a 10 s window is about 900 KB per window; here 12 KB per 0.5 s window, for
      // several times as many windows as the body timeout allows in one
      const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
        method: "POST",
        headers: { "content-type": encoded.headers.get("content-type")!, "x-forwarded-for": server.api.clientIp },
        body: throttled(body, 2400, 100),
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(201);
      const { statusToken } = (await response.json()) as { statusToken: string };
      const reception = await server.database.db
        .selectFrom("receptions")
        .innerJoin("prescriptions", "prescriptions.reception_id", "receptions.id")
        .select("prescriptions.file_id")
        .where("receptions.status_token_hash", "=", hashToken(statusToken))
        .execute();
      expect(reception).toHaveLength(5);
      expect(body.length / 2400 / 5).toBeGreaterThan(4); // the send lasted more than four body-timeout windows
    },
  );
});
