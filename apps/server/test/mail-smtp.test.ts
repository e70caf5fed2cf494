import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMailText, outboxMails } from "@pharmacy/test-support/mail";
import { uniqueEmail } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

interface Received {
  from: string;
  to: string[];
  data: string;
}

let smtp: SMTPServer;
let server: TestServer;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("mail through SMTP_URL", () => {
  it("sends the sign-up code to the SMTP server, in Japanese, and writes nothing to the outbox", async () => {
    const email = uniqueEmail();
    expect((await server.api.post("/auth/sign_up", { email, password: "Kusuri2026", name: "管理 花子" })).status).toBe(
      201,
    );
    const mail = received.find((entry) => entry.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("no-reply@pharmacy-reception.local");
    const text = decodeMailText(mail!.data);
    expect(text).toMatch(/確認コード: \d{6}/);
    expect(mail!.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(await outboxMails(server.config.mail.outboxDir, email)).toHaveLength(0);

    const code = /確認コード: (\d{6})/.exec(text)![1];
    expect((await server.api.post("/auth/confirm_sign_up", { email, code })).status).toBe(200);
  });

  it("sends the password-reset code", async () => {
    const email = uniqueEmail();
    await server.api.post("/auth/sign_up", { email, password: "Kusuri2026", name: "管理 花子" });
    const signUpCode = /確認コード: (\d{6})/.exec(
      decodeMailText(received.findLast((entry) => entry.to.includes(email))!.data),
    )![1];
    await server.api.post("/auth/confirm_sign_up", { email, code: signUpCode });
    const sent = received.length;
    await server.api.post("/auth/forgot_password", { email });
    // forgot_password sends after it has answered
    while (received.length === sent) await new Promise((resolve) => setTimeout(resolve, 25));
    const reset = received.findLast((entry) => entry.to.includes(email))!;
    expect(decodeMailText(reset.data)).toContain("パスワード再設定");
  });
});
