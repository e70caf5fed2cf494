import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, type TestAccount } from "./helpers/factories.js";
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
function dripRequest(head: string, body: Buffer, everyMs: number, giveUpMs: number): Promise<{ answer: string; closed: boolean }> {
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
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({ message: expect.stringMatching(/通信が遅い/) });
    expect(closed).toBe(true);
  });

  it("is answered 408 on uploads", async () => {
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
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
});
