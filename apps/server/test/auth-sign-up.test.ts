import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODE_MESSAGES, ErrorCode } from "@pharmacy/contract/shared/errors";
import { GOOD_PASSWORD, makeAccount, uniqueEmail } from "./helpers/factories.js";
import { decodeMailText, latestCode, mailsBeforeMarker, outboxMails } from "@pharmacy/test-support/mail";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 60 * 60_000;
const outbox = () => server.config.mail.outboxDir;

async function signUp(email: string, password = GOOD_PASSWORD) {
  return server.api.post("/auth/sign_up", { email, password, name: "管理 花子" });
}

/** Mails to that address, known once a later sign-up's code has been mailed. */
function mailsBeforeASignUp(email: string): Promise<string[]> {
  const marker = uniqueEmail();
  return mailsBeforeMarker(outbox(), email, marker, () => signUp(marker));
}

describe("sign-up and confirmation", () => {
  it("creates an unconfirmed user with its own pharmacy branch and mails a six-digit code in Japanese", async () => {
    const email = uniqueEmail();
    const response = await signUp(email);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ userConfirmed: false });

    const user = await server.database.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user.confirmed_at).toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const pharmacy = await server.database.db
      .selectFrom("memberships")
      .innerJoin("pharmacies", "pharmacies.id", "memberships.pharmacy_id")
      .select(["pharmacies.public_slug", "memberships.role"])
      .where("memberships.user_id", "=", user.id)
      .execute();
    expect(pharmacy).toEqual([{ public_slug: expect.stringMatching(/^[a-z2-9]{10}$/), role: "admin" }]);

    const [mail] = await outboxMails(outbox(), email);
    expect(mail).toBeDefined();
    const text = decodeMailText(mail!);
    expect(text).toMatch(/確認コード: \d{6}/);
    expect(text).toContain("24時間");
    const stored = await server.database.db
      .selectFrom("verification_codes")
      .selectAll()
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(await latestCode(outbox(), email));
  });

  it("takes an address typed in full width as the half-width one, at sign-up and sign-in", async () => {
    const email = uniqueEmail();
    const fullWidth = [...email].map((char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)).join("");
    expect((await signUp(fullWidth)).status).toBe(201);
    const code = await latestCode(outbox(), email);
    expect((await server.api.post("/auth/confirm_sign_up", { email: fullWidth, code })).status).toBe(200);
    const signedIn = await server.api.post("/auth/sign_in", { email: fullWidth, password: GOOD_PASSWORD });
    expect(signedIn.status).toBe(200);
    expect((await server.api.get("/api/user/me", signedIn.body.idToken)).body).toMatchObject({ email });
  });

  it("asks for a name: the person's own, shown by user/me and the audit log", async () => {
    const email = uniqueEmail();
    const named = (name: unknown) => server.api.post("/auth/sign_up", { email, password: GOOD_PASSWORD, name });
    for (const name of [undefined, "", "   ", "あ".repeat(101), 12]) {
      const refused = await named(name);
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].path).toEqual(["name"]);
    }
    expect((await named("  薬局 花子 ")).status).toBe(201);
    expect(
      (await server.api.post("/auth/confirm_sign_up", { email, code: await latestCode(outbox(), email) })).status,
    ).toBe(200);
    const signedIn = await server.api.post("/auth/sign_in", { email, password: GOOD_PASSWORD });
    expect((await server.api.get("/api/user/me", signedIn.body.idToken)).body).toMatchObject({
      email,
      name: "薬局 花子",
    });
    const [signInEntry] = (await server.api.get("/api/audit?action=sign_in", signedIn.body.idToken)).body.rows;
    expect(signInEntry).toMatchObject({ actorName: `薬局 花子（${email}）` });
  });

  it("normalises the e-mail: upper case and spaces sign up the same account", async () => {
    const email = uniqueEmail();
    expect((await signUp(`  ${email.toUpperCase()} `)).status).toBe(201);
    const code = await latestCode(outbox(), email);
    expect((await server.api.post("/auth/confirm_sign_up", { email, code })).status).toBe(200);
    expect((await signUp(email)).body.errorCode).toBe(ErrorCode.EmailTaken);
  });

  it("refuses a confirmed e-mail with 1007", async () => {
    const account = await makeAccount(server);
    const response = await signUp(account.email);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errorCode: 1007, message: ERROR_CODE_MESSAGES[1007] });
  });

  it("refuses a pending e-mail with 1007, so nobody can slip their password under its owner's", async () => {
    const email = uniqueEmail();
    await signUp(email, "OwnersPass1");
    const ownersCode = await latestCode(outbox(), email);
    const hijack = await signUp(email, "Attacker22");
    expect(hijack.status).toBe(400);
    expect(hijack.body.errorCode).toBe(1007);
    expect(await outboxMails(outbox(), email)).toHaveLength(1);
    expect((await server.api.post("/auth/confirm_sign_up", { email, code: ownersCode })).status).toBe(200);
    expect((await server.api.post("/auth/sign_in", { email, password: "Attacker22" })).body.errorCode).toBe(1010);
    expect((await server.api.post("/auth/sign_in", { email, password: "OwnersPass1" })).status).toBe(200);
  });

  it("answers any code for a confirmed account with 1008, as for an unknown e-mail", async () => {
    const account = await makeAccount(server);
    for (const code of ["000000", "123456", "999999"]) {
      const response = await server.api.post("/auth/confirm_sign_up", { email: account.email, code });
      expect(response.status).toBe(400);
      expect(response.body.errorCode).toBe(1008);
    }
  });

  it.each([
    ["too short", "Ab1"],
    ["no upper case", "kusuri2026"],
    ["no lower case", "KUSURI2026"],
    ["no digit", "KusuriKusuri"],
    ["too long", `Aa1${"x".repeat(200)}`],
  ])("refuses a weak password (%s) with 400 and issues, storing nothing", async (_, password) => {
    const email = uniqueEmail();
    const response = await signUp(email, password);
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toEqual(["password"]);
    expect(response.body.issues[0].message).toMatch(/パスワード/);
    expect(
      await server.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("signs in only after confirmation: 1011 with the right password, 1010 with a wrong one", async () => {
    const email = uniqueEmail();
    await signUp(email);
    expect((await server.api.post("/auth/sign_in", { email, password: GOOD_PASSWORD })).body.errorCode).toBe(1011);
    expect((await server.api.post("/auth/sign_in", { email, password: "Wrong1234" })).body.errorCode).toBe(1010);
  });

  it("answers a wrong code with 1008 and keeps the right one usable", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const code = await latestCode(outbox(), email);
    const wrong = code === "000000" ? "111111" : "000000";
    const response = await server.api.post("/auth/confirm_sign_up", { email, code: wrong });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe(1008);
    expect((await server.api.post("/auth/confirm_sign_up", { email, code })).status).toBe(200);
  });

  it("answers an unknown e-mail like a wrong code", async () => {
    const response = await server.api.post("/auth/confirm_sign_up", { email: uniqueEmail(), code: "123456" });
    expect(response.body.errorCode).toBe(1008);
  });

  it("expires the sign-up code after 24 hours with 1009; a resent code works", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const code = await latestCode(outbox(), email);
    server.clock.advance(24 * HOUR + 1000);
    try {
      expect((await server.api.post("/auth/confirm_sign_up", { email, code })).body.errorCode).toBe(1009);
      expect((await server.api.post("/auth/resend_confirmation_code", { email })).status).toBe(200);
      const fresh = await latestCode(outbox(), email, 2);
      expect(
        (await server.api.post("/auth/confirm_sign_up", { email, code: fresh, password: GOOD_PASSWORD })).status,
      ).toBe(200);
    } finally {
      server.clock.advance(-(24 * HOUR + 1000));
    }
  });

  it("accepts a code just before 24 hours", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const code = await latestCode(outbox(), email);
    server.clock.advance(24 * HOUR - 60_000);
    try {
      expect((await server.api.post("/auth/confirm_sign_up", { email, code })).status).toBe(200);
    } finally {
      server.clock.advance(-(24 * HOUR - 60_000));
    }
  });

  it("destroys a code after five wrong tries: the right code then answers 1008", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const code = await latestCode(outbox(), email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await server.api.post("/auth/confirm_sign_up", { email, code: wrong })).body.errorCode).toBe(1008);
    }
    expect((await server.api.post("/auth/confirm_sign_up", { email, code })).body.errorCode).toBe(1008);
  });

  it("uses a code once", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const code = await latestCode(outbox(), email);
    expect((await server.api.post("/auth/confirm_sign_up", { email, code })).status).toBe(200);
    const row = await server.database.db
      .selectFrom("verification_codes")
      .innerJoin("users", "users.id", "verification_codes.user_id")
      .select("purpose")
      .where("users.email", "=", email)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("resend answers 200 for unknown and confirmed e-mails without sending anything", async () => {
    const unknown = uniqueEmail();
    expect((await server.api.post("/auth/resend_confirmation_code", { email: unknown })).status).toBe(200);
    expect(await mailsBeforeASignUp(unknown)).toHaveLength(0);
    const account = await makeAccount(server);
    const before = (await outboxMails(outbox(), account.email)).length;
    expect((await server.api.post("/auth/resend_confirmation_code", { email: account.email })).status).toBe(200);
    expect(await mailsBeforeASignUp(account.email)).toHaveLength(before);
  });
});

describe("pre-hijack through 「確認コードを再送信」", () => {
  const ATTACKER_PASSWORD = "Attacker2026";
  const VICTIM_PASSWORD = "Victim2026x";
  const signIn = (email: string, password: string) => server.api.post("/auth/sign_in", { email, password });

  it("a resend voids the password of whoever signed up; the confirmation sets the owner's own, and the attacker's never works", async () => {
    const email = uniqueEmail("victim");
    expect((await signUp(email, ATTACKER_PASSWORD)).status).toBe(201);
    // the owner of the mailbox asks for a new code
    expect((await server.api.post("/auth/resend_confirmation_code", { email })).status).toBe(200);
    const code = await latestCode(outbox(), email, 2);
    expect(decodeMailText((await outboxMails(outbox(), email)).at(-1)!)).toContain("新しいパスワード");
    // the pending password is gone at once: the attacker's sign-in is a plain wrong password
    expect((await signIn(email, ATTACKER_PASSWORD)).body.errorCode).toBe(ErrorCode.WrongCredentials);
    // the code alone does not confirm: a password must come with it, and the code is not used up
    const withoutPassword = await server.api.post("/auth/confirm_sign_up", { email, code });
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body.issues).toEqual([
      expect.objectContaining({ path: ["password"], message: "新しいパスワードを設定してください" }),
    ]);
    expect((await server.api.post("/auth/confirm_sign_up", { email, code, password: "weak" })).status).toBe(400);
    expect((await server.api.post("/auth/confirm_sign_up", { email, code, password: VICTIM_PASSWORD })).status).toBe(
      200,
    );
    expect((await signIn(email, ATTACKER_PASSWORD)).body.errorCode).toBe(ErrorCode.WrongCredentials);
    expect((await signIn(email, VICTIM_PASSWORD)).status).toBe(200);
  });

  it("without a resend, sign-up and confirmation are as before: the code alone confirms the password chosen at sign-up", async () => {
    const email = uniqueEmail();
    await signUp(email);
    expect(
      (await server.api.post("/auth/confirm_sign_up", { email, code: await latestCode(outbox(), email) })).status,
    ).toBe(200);
    expect((await signIn(email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("a wrong code with a password changes nothing", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const code = await latestCode(outbox(), email);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(
      (await server.api.post("/auth/confirm_sign_up", { email, code: wrong, password: VICTIM_PASSWORD })).body
        .errorCode,
    ).toBe(ErrorCode.WrongCode);
    expect((await signIn(email, GOOD_PASSWORD)).body.errorCode).toBe(ErrorCode.NotConfirmed);
  });
});
