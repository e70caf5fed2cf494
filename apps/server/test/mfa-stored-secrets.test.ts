import { createHmac, randomBytes } from "node:crypto";
import { readFile, stat, writeFile } from "node:fs/promises";
import { Writable } from "node:stream";
import path from "node:path";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD, makeAccount, type TestAccount } from "./helpers/factories.js";
import { restartTestServer, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const STEP_MS = 30_000;
const codeAt = (secret: string) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: server.clock.now().getTime() });
const post = (url: string, body: unknown, token?: string) => server.api.request("POST", url, { body, token });

async function enableMfa(account: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post("/api/user/mfa/setup", {}, account.idToken);
  const enable = await post("/api/user/mfa/enable", { code: codeAt(setup.body.secret) }, account.idToken);
  expect(enable.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

async function signInWith(account: TestAccount, code: string): Promise<number> {
  const first = await post("/auth/sign_in", { email: account.email, password: GOOD_PASSWORD });
  expect(first.body.mfaRequired).toBe(true);
  return (await post("/auth/verify_mfa", { mfaToken: first.body.mfaToken, code })).status;
}

const userRow = (id: string) =>
  server.database.db
    .selectFrom("users")
    .select(["mfa_secret", "mfa_pending_secret"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const recoveryHashes = async (id: string) =>
  (await server.database.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", id).execute()).map(
    (row) => row.code_hash,
  );

describe("TOTP secrets are stored encrypted (AES-256-GCM, key in DATA_DIR or DATA_ENCRYPTION_KEY)", () => {
  it("the stored column is not the secret; sign-in with a code works, and still after a restart", async () => {
    const account = await makeAccount(server);
    const setup = await post("/api/user/mfa/setup", {}, account.idToken);
    const secret = setup.body.secret as string;
    const pending = (await userRow(account.user.id)).mfa_pending_secret!;
    expect(pending).not.toContain(secret);
    expect(pending).toMatch(/^enc1:/);
    expect((await post("/api/user/mfa/enable", { code: codeAt(secret) }, account.idToken)).status).toBe(200);
    const stored = (await userRow(account.user.id)).mfa_secret!;
    expect(stored).not.toContain(secret);
    expect(stored).toMatch(/^enc1:/);
    server.clock.advance(STEP_MS);
    expect(await signInWith(account, codeAt(secret))).toBe(200);

    const keyFile = path.join(server.config.dataDir, "data-encryption-key");
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = await readFile(keyFile, "utf8");
    await restartTestServer(server);
    expect(await readFile(keyFile, "utf8")).toBe(key);
    server.clock.advance(STEP_MS);
    expect(await signInWith(account, codeAt(secret))).toBe(200);
  });

  it("secrets stored in clear before this are encrypted at start and keep working", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    // as a server before encryption left it
    await server.database.db
      .updateTable("users")
      .set({ mfa_secret: secret, mfa_pending_secret: "JBSWY3DPEHPK3PXP" })
      .where("id", "=", account.user.id)
      .execute();
    await restartTestServer(server);
    const row = await userRow(account.user.id);
    expect(row.mfa_secret).toMatch(/^enc1:/);
    expect(row.mfa_secret).not.toContain(secret);
    expect(row.mfa_pending_secret).toMatch(/^enc1:/);
    server.clock.advance(STEP_MS);
    expect(await signInWith(account, codeAt(secret))).toBe(200);
  });

  it("a start with another key (a restore without data-encryption-key) says so in the log; the right key works again", async () => {
    const account = await makeAccount(server);
    const { secret } = await enableMfa(account);
    const keyFile = path.join(server.config.dataDir, "data-encryption-key");
    const key = await readFile(keyFile, "utf8");
    await writeFile(keyFile, randomBytes(32).toString("base64"));
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const quiet = server.config;
    server.config = { ...quiet, logLevel: "error" };
    await restartTestServer(server, server.jwtSecret, logStream);
    server.config = quiet;
    expect(lines.join("")).toContain("sealed with another key");
    server.clock.advance(STEP_MS);
    expect(await signInWith(account, codeAt(secret))).toBe(400);
    await writeFile(keyFile, key);
    await restartTestServer(server);
    server.clock.advance(STEP_MS);
    expect(await signInWith(account, codeAt(secret))).toBe(200);
  });

  it("a secret copied onto another person's row does not decrypt there (bound to its person)", async () => {
    const [owner, other] = [await makeAccount(server), await makeAccount(server)];
    const { secret } = await enableMfa(owner);
    await enableMfa(other);
    const stolen = (await userRow(owner.user.id)).mfa_secret;
    await server.database.db.updateTable("users").set({ mfa_secret: stolen }).where("id", "=", other.user.id).execute();
    server.clock.advance(STEP_MS);
    expect(await signInWith(other, codeAt(secret))).toBe(400);
  });
});

describe("recovery codes survive a new JWT secret", () => {
  it("are stored as argon2id hashes, not keyed by the JWT secret: after a restore with a new secret they still sign in", async () => {
    const account = await makeAccount(server);
    const { recoveryCodes } = await enableMfa(account);
    const hashes = await recoveryHashes(account.user.id);
    expect(hashes).toHaveLength(10);
    for (const hash of hashes) expect(hash).toMatch(/^\$argon2id\$/);
    await restartTestServer(server, "a-brand-new-jwt-secret-after-a-restore-0123456789");
    expect(await signInWith(account, recoveryCodes[0]!)).toBe(200);
    // still single use
    expect(await signInWith(account, recoveryCodes[0]!)).toBe(400);
    expect(await recoveryHashes(account.user.id)).toHaveLength(9);
  });

  it("codes hashed the old way (keyed with the JWT secret) still work while that secret is the same", async () => {
    const account = await makeAccount(server);
    await enableMfa(account);
    const legacy = "abcde-fghjk";
    const legacyHash = createHmac("sha256", server.jwtSecret)
      .update(`${account.user.id}:recovery:${legacy}`)
      .digest("hex");
    await server.database.db
      .insertInto("recovery_codes")
      .values({ user_id: account.user.id, code_hash: legacyHash })
      .execute();
    expect(await signInWith(account, legacy)).toBe(200);
    expect(await recoveryHashes(account.user.id)).not.toContain(legacyHash);
  });
});
