import { createHash } from "node:crypto";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { MFA_ISSUER } from "@pharmacy/contract/auth/mfa";
import { GOOD_PASSWORD, makeAccount, makePerson, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const STEP_MS = 30_000;

/** The code an authenticator app shows at the server's current time (plus `stepsLater` steps). */
function codeAt(secret: string, stepsLater = 0): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: server.clock.now().getTime() + stepsLater * STEP_MS,
  });
}

/** Any code but the right one of the current window. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1].map((steps) => codeAt(secret, steps)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}

const post = (path: string, body: unknown, token?: string) => server.api.request("POST", path, { body, token });
const nextStep = () => server.clock.advance(STEP_MS);

async function enableMfa(account: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post("/api/user/mfa/setup", {}, account.idToken);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enable = await post("/api/user/mfa/enable", { code: codeAt(secret) }, account.idToken);
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.body.recoveryCodes };
}

async function signInToCodeStep(account: TestAccount): Promise<string> {
  const answer = await post("/auth/sign_in", { email: account.email, password: GOOD_PASSWORD });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return answer.body.mfaToken;
}

describe("two-factor sign-in (docs/rules.md#people-roles-and-devices)", () => {
  it("setup → enable → sign-in asks for a code → verify signs in", async () => {
    const account = await makeAccount(server);
    // the web app sends no body at all
    const bodiless = await server.api.request("POST", "/api/user/mfa/setup", { token: account.idToken });
    expect(bodiless.status).toBe(200);
    const setup = await post("/api/user/mfa/setup", {}, account.idToken);
    expect(setup.status).toBe(200);
    const uri = new URL(setup.body.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(setup.body.secret);
    expect(uri.searchParams.get("issuer")).toBe(MFA_ISSUER);
    expect(decodeURIComponent(uri.pathname)).toContain(account.email);

    // not on until a code proves the app has the secret
    expect((await server.api.get("/api/user/me", account.idToken)).body.mfaEnabled).toBe(false);
    expect(
      (await post("/api/user/mfa/enable", { code: wrongCode(setup.body.secret) }, account.idToken)).body.errorCode,
    ).toBe(ErrorCode.WrongCode);
    const enable = await post("/api/user/mfa/enable", { code: codeAt(setup.body.secret) }, account.idToken);
    expect(enable.status).toBe(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enable.body.recoveryCodes).size).toBe(10);
    for (const code of enable.body.recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await server.api.get("/api/user/me", account.idToken)).body.mfaEnabled).toBe(true);
    expect((await post("/api/user/mfa/setup", {}, account.idToken)).status).toBe(409);

    nextStep();
    const mfaToken = await signInToCodeStep(account);
    const verify = await post("/auth/verify_mfa", { mfaToken, code: codeAt(setup.body.secret) });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      user: expect.objectContaining({ email: account.email }),
    });
    expect((await server.api.get("/api/user/me", verify.body.idToken)).status).toBe(200);
    // the token is used up
    expect((await post("/auth/verify_mfa", { mfaToken, code: codeAt(setup.body.secret, 1) })).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );
  });

  it("a code works once: replayed, or an earlier one after a later, it is refused", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    // the code that turned it on cannot sign in
    const first = await signInToCodeStep(account);
    const replay = await post("/auth/verify_mfa", { mfaToken: first, code: codeAt(secret) });
    expect(replay.status).toBe(400);
    expect(replay.body.errorCode).toBe(ErrorCode.WrongCode);

    nextStep();
    const code = codeAt(secret);
    expect((await post("/auth/verify_mfa", { mfaToken: first, code })).status).toBe(200);
    const second = await signInToCodeStep(account);
    expect((await post("/auth/verify_mfa", { mfaToken: second, code })).body.errorCode).toBe(ErrorCode.WrongCode);
    expect((await post("/auth/verify_mfa", { mfaToken: second, code: codeAt(secret, -1) })).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );
    // the next step's code (the window allows one step of drift) still works
    expect((await post("/auth/verify_mfa", { mfaToken: second, code: codeAt(secret, 1) })).status).toBe(200);
  });

  it("full-width digits are taken as the code", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    nextStep();
    const mfaToken = await signInToCodeStep(account);
    const fullWidth = codeAt(secret).replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0));
    expect((await post("/auth/verify_mfa", { mfaToken, code: fullWidth })).status).toBe(200);
  });

  it("five wrong codes use the token up: the right one is then refused", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    nextStep();
    const mfaToken = await signInToCodeStep(account);
    for (let index = 0; index < 5; index++) {
      const answer = await post("/auth/verify_mfa", { mfaToken, code: wrongCode(secret) });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        errorCode: ErrorCode.WrongCode,
        message: expect.stringContaining("確認コードが正しくありません"),
      });
    }
    expect((await post("/auth/verify_mfa", { mfaToken, code: codeAt(secret) })).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );
    // a new sign-in gets five new tries
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: codeAt(secret) })).status,
    ).toBe(200);
  });

  it("thirty wrong codes sent at once: five are counted and checked, then the right one is refused (concurrency matters on PostgreSQL)", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    nextStep();
    const mfaToken = await signInToCodeStep(account);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post("/auth/verify_mfa", { mfaToken, code: wrongCode(secret) })),
    );
    expect(answers.every((answer) => answer.body?.errorCode === ErrorCode.WrongCode)).toBe(true);
    // each try is counted before it is checked: a try that got past the count left its mark
    expect(await triesCounted(mfaToken)).toBe(5);
    expect((await post("/auth/verify_mfa", { mfaToken, code: codeAt(secret) })).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );
  });

  it("ten wrong codes across fresh sign-ins lock the person's second factor (recovery codes too) until a time the message names; it grows; a right code resets the count", async () => {
    const account = await makeAccount(server);
    const { secret, recoveryCodes } = await enableMfa(account);
    nextStep();
    const wrongTen = async () => {
      for (let index = 0; index < 10; index++) {
        expect(
          (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: wrongCode(secret) })).body
            .errorCode,
        ).toBe(ErrorCode.WrongCode);
      }
    };
    await wrongTen();
    // a fresh token's first try, even with the right code, is refused while the lock holds
    const locked = await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: codeAt(secret) });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("60");
    expect(locked.body.message).toBe(
      `認証コードを続けて間違えたため、二段階認証を${tokyoDateTime(60_000)}まで止めています。それ以降にもう一度お試しください。`,
    );
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: recoveryCodes[0] })).status,
    ).toBe(429);
    // the lock grows: one more wrong code after it ends locks for two minutes
    server.clock.advance(61_000);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: wrongCode(secret) })).status,
    ).toBe(400);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: codeAt(secret) })).headers.get(
        "retry-after",
      ),
    ).toBe("120");
    server.clock.advance(121_000);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: codeAt(secret) })).status,
    ).toBe(200);
    // a success forgets the failures: nine wrong codes later the right one still signs in
    nextStep();
    for (let index = 0; index < 9; index++)
      await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: wrongCode(secret) });
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: codeAt(secret) })).status,
    ).toBe(200);
    // quiet hours do not forget failures (a lock waited out must not start the count again)
    nextStep();
    await wrongTen();
    server.clock.advance(3 * 60 * 60_000);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: wrongCode(secret) })).status,
    ).toBe(400);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: codeAt(secret) })).status,
    ).toBe(429);
  });

  it("forty wrong codes at once over eight fresh tokens: ten are checked, the rest refused as locked (concurrency matters on PostgreSQL)", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    nextStep();
    const tokens: string[] = [];
    for (let index = 0; index < 8; index++) tokens.push(await signInToCodeStep(account));
    const answers = await Promise.all(
      tokens.flatMap((mfaToken) =>
        Array.from({ length: 5 }, () => post("/auth/verify_mfa", { mfaToken, code: wrongCode(secret) })),
      ),
    );
    expect(answers.filter((answer) => answer.body?.errorCode === ErrorCode.WrongCode)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(30);
  });

  it("the code step lasts five minutes", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    const mfaToken = await signInToCodeStep(account);
    server.clock.advance(5 * 60_000);
    const late = await post("/auth/verify_mfa", { mfaToken, code: codeAt(secret) });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe("確認の有効期限が切れました。もう一度ログインしてください。");
    expect((await post("/auth/verify_mfa", { mfaToken, code: codeAt(secret) })).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );

    const inTime = await signInToCodeStep(account);
    server.clock.advance(5 * 60_000 - 1_000);
    expect((await post("/auth/verify_mfa", { mfaToken: inTime, code: codeAt(secret) })).status).toBe(200);
  });

  it("a recovery code signs in in place of a code, once", async () => {
    const account = await makeAccount(server);
    const { recoveryCodes } = await enableMfa(account);
    const mfaToken = await signInToCodeStep(account);
    const signedIn = await post("/auth/verify_mfa", { mfaToken, code: ` ${recoveryCodes[3]!.toUpperCase()} ` });
    expect(signedIn.status).toBe(200);
    const again = await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: recoveryCodes[3] });
    expect(again.body.errorCode).toBe(ErrorCode.WrongCode);
    // another person's recovery code is not this one's
    const other = await makeAccount(server);
    const otherCodes = await enableMfa(other);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: otherCodes.recoveryCodes[0] }))
        .body.errorCode,
    ).toBe(ErrorCode.WrongCode);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: recoveryCodes[4] })).status,
    ).toBe(200);
  });

  it("the same recovery code sent ten times at once signs in once", async () => {
    const account = await makeAccount(server);
    const { recoveryCodes } = await enableMfa(account);
    const tokens: string[] = [];
    for (let index = 0; index < 10; index++) tokens.push(await signInToCodeStep(account));
    const answers = await Promise.all(
      tokens.map((mfaToken) => post("/auth/verify_mfa", { mfaToken, code: recoveryCodes[0] })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  });

  it("disable needs a current code; then sign-in gives tokens at once and the recovery codes are void", async () => {
    const account = await makeAccount(server);
    const { secret, recoveryCodes } = await enableMfa(account);
    nextStep();
    expect((await post("/api/user/mfa/disable", { code: wrongCode(secret) }, account.idToken)).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );
    expect((await post("/api/user/mfa/disable", { code: recoveryCodes[0] }, account.idToken)).status).toBe(400);
    const disabled = await post("/api/user/mfa/disable", { code: codeAt(secret) }, account.idToken);
    expect(disabled.status).toBe(204);
    expect((await server.api.get("/api/user/me", account.idToken)).body.mfaEnabled).toBe(false);
    const audit = await server.api.get(`/api/audit?actor=${account.user.id}`, account.idToken);
    const mfaActions = audit.body.rows
      .map((row: { action: string }) => row.action)
      .filter((action: string) => action.startsWith("mfa."));
    expect(mfaActions).toEqual(["mfa.disabled", "mfa.enabled"]);
    const signIn = await post("/auth/sign_in", { email: account.email, password: GOOD_PASSWORD });
    expect(signIn.body).toEqual({
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      user: expect.any(Object),
    });
    // on again: a new secret, new recovery codes; the old ones do not work
    const again = await enableMfa(account);
    expect(again.secret).not.toBe(secret);
    expect(
      (await post("/auth/verify_mfa", { mfaToken: await signInToCodeStep(account), code: recoveryCodes[1] })).body
        .errorCode,
    ).toBe(ErrorCode.WrongCode);
  });

  it("guessing the code to turn it off is locked like a password", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    nextStep();
    for (let index = 0; index < 5; index++)
      await post("/api/user/mfa/disable", { code: wrongCode(secret) }, account.idToken);
    expect((await post("/api/user/mfa/disable", { code: codeAt(secret) }, account.idToken)).status).toBe(429);
  });

  it("bad input: malformed codes and tokens are 400 with the field named", async () => {
    const account = await makeAccount(server);
    for (const code of ["12345", "1234567", "abcdef", "", 123456, null]) {
      const answer = await post("/api/user/mfa/enable", { code }, account.idToken);
      expect(answer.status).toBe(400);
    }
    expect((await post("/api/user/mfa/enable", { code: "123456", extra: 1 }, account.idToken)).status).toBe(400);
    expect((await post("/auth/verify_mfa", { mfaToken: "", code: "123456" })).status).toBe(400);
    expect((await post("/auth/verify_mfa", { mfaToken: "x".repeat(513), code: "123456" })).status).toBe(400);
    expect((await post("/auth/verify_mfa", { mfaToken: "unknown", code: "123456" })).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );
    expect((await post("/auth/verify_mfa", { mfaToken: "unknown", code: "abcde-fghi" })).status).toBe(400);
    // enable without setup first
    expect((await post("/api/user/mfa/enable", { code: "123456" }, account.idToken)).body.errorCode).toBe(
      ErrorCode.WrongCode,
    );
  });

  it("staff set it up like admins", async () => {
    const admin = await makeAccount(server);
    const staff = await makePerson(server, admin, "staff");
    await enableMfa(staff);
    nextStep();
    expect((await post("/auth/sign_in", { email: staff.email, password: GOOD_PASSWORD })).body.mfaRequired).toBe(true);
  });

  it("requireMfaForAdmins holds an admin to setup (1013) until it is on; staff are not held", async () => {
    const admin = await makeAccount(server);
    const staff = await makePerson(server, admin, "staff");
    const otherAdmin = await makePerson(server, admin, "admin");
    const settings = (await server.api.get("/api/app_settings", admin.idToken)).body;
    expect(
      (
        await server.api.request("PUT", "/api/app_settings", {
          body: { ...settings, requireMfaForAdmins: true },
          token: admin.idToken,
        })
      ).status,
    ).toBe(200);

    // a new id token carries the hold
    const held = (await post("/auth/refresh_token", { refreshToken: otherAdmin.refreshToken })).body.idToken as string;
    const refused = await server.api.get("/api/staff", held);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      errorCode: ErrorCode.MfaSetupRequired,
      message: "管理者は2段階認証の設定が必要です。先に2段階認証を設定してください。",
    });
    expect((await server.api.get("/api/reception", held)).body.errorCode).toBe(ErrorCode.MfaSetupRequired);
    const me = await server.api.get("/api/user/me", held);
    expect(me.status).toBe(200);
    expect(me.body.mfaSetupRequired).toBe(true);
    // a held admin cannot turn the policy off either
    expect((await server.api.request("PUT", "/api/app_settings", { body: settings, token: held })).body.errorCode).toBe(
      ErrorCode.MfaSetupRequired,
    );

    const staffToken = (await post("/auth/refresh_token", { refreshToken: staff.refreshToken })).body.idToken as string;
    expect((await server.api.get("/api/reception", staffToken)).status).toBe(200);

    // setting it up frees the admin at once, with the same id token
    await enableMfa({ ...otherAdmin, idToken: held });
    expect((await server.api.get("/api/staff", held)).status).toBe(200);
    const fresh = (await post("/auth/refresh_token", { refreshToken: otherAdmin.refreshToken })).body.idToken as string;
    expect((await server.api.get("/api/user/me", fresh)).body.mfaSetupRequired).toBe(false);
  });
});

/** "11月20日 09:01": the server's clock plus `laterMs`, up to the next whole minute, in Tokyo. */
function tokyoDateTime(laterMs: number): string {
  const until = new Date(Math.ceil((server.clock.now().getTime() + laterMs) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Tokyo",
      month: "numeric",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(until)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}`;
}

async function triesCounted(mfaToken: string): Promise<number | undefined> {
  const tokenHash = createHash("sha256").update(mfaToken).digest("hex");
  const row = await server.database.db
    .selectFrom("mfa_challenges")
    .select("failed_attempts")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row?.failed_attempts;
}
