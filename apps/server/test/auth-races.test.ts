import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, uniqueEmail } from "./helpers/factories.js";
import { latestCode, outboxMails } from "@pharmacy/test-support/mail";
import { startTestServer, type TestServer } from "./helpers/server.js";

// The embedded database runs one query at a time; these bursts matter on PostgreSQL (npm run test:pg),
// where every request of a burst really runs at once.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const outbox = () => server.config.mail.outboxDir;
const anyAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const postFrom = (address: string, path: string, body: unknown) =>
  server.api.request("POST", path, { body, headers: { "x-forwarded-for": address } });
const wrongCode = (code: string, index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, "0");

describe("limits kept in the database hold under concurrent requests", () => {
  it("a code with one try left, guessed 40 times at once, is checked once", async () => {
    const email = uniqueEmail();
    await server.api.post("/auth/sign_up", { email, password: "Kusuri2026", name: "管理 花子" });
    const code = await latestCode(outbox(), email);
    for (let index = 0; index < 4; index++)
      await postFrom(anyAddress(), "/auth/confirm_sign_up", { email, code: wrongCode(code, index) });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => postFrom(anyAddress(), "/auth/confirm_sign_up", { email, code })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body?.errorCode === 1008)).toHaveLength(39);
  });

  it("the right reset code sent ten times at once sets one password", async () => {
    const account = await makeAccount(server);
    const sent = (await outboxMails(outbox(), account.email)).length;
    await server.api.post("/auth/forgot_password", { email: account.email });
    const code = await latestCode(outbox(), account.email, sent + 1);
    const passwords = Array.from({ length: 10 }, (_, index) => `Atarashii${index}A`);
    const answers = await Promise.all(
      passwords.map((newPassword) =>
        postFrom(anyAddress(), "/auth/confirm_forgot_password", { email: account.email, code, newPassword }),
      ),
    );
    const winners = passwords.filter((_, index) => answers[index]!.status === 200);
    expect(winners).toHaveLength(1);
    expect((await server.api.post("/auth/sign_in", { email: account.email, password: winners[0] })).status).toBe(200);
  });

  it("30 wrong passwords at once from 30 addresses: five are checked, the rest wait out the lock", async () => {
    const account = await makeAccount(server);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        postFrom(anyAddress(), "/auth/sign_in", { email: account.email, password: "Wrong12345" }),
      ),
    );
    expect(answers.filter((answer) => answer.body.errorCode === 1010)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(25);
  });

  it("30 wrong passwords at once from one address to 30 accounts: twenty are checked", async () => {
    const address = anyAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        postFrom(address, "/auth/sign_in", { email: uniqueEmail(), password: "Wrong12345" }),
      ),
    );
    expect(answers.filter((answer) => answer.body.errorCode === 1010)).toHaveLength(20);
  });
});
