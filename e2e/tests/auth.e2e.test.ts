import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { waitForCode } from "../support/mail.js";

const baseUrl = inject("baseUrl");
const outboxDir = inject("outboxDir");
const PASSWORD = "Kusuri2026";

const browser = browserPerFile();
let page: Page;

beforeEach(async () => {
  page = await browser.page();
});

async function signIn(email: string, password: string) {
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン" }).click();
}

describe("sign-up to sign-out", () => {
  it("signs up, confirms with the mailed code, signs in, survives a reload and signs out", async () => {
    const email = `e2e-${randomBytes(4).toString("hex")}@example.jp`;
    await page.goto("/login/");
    await page.getByRole("button", { name: "ログイン" }).waitFor();
    await screenshot(page, "login");

    await page.getByRole("link", { name: "新規登録" }).click();
    await page.waitForURL(/\/sign-up/);
    // The URL changes before the sign-up form replaces the login form, which has a field of the same label.
    await page.getByRole("button", { name: "登録する" }).waitFor();
    await page.getByLabel("お名前").fill("薬局 花子");
    await page.getByLabel("メールアドレス").fill(email);
    await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "登録する" }).click();

    const code = await waitForCode(outboxDir, email);
    await page.getByLabel("確認コード").fill(code);
    await page.getByRole("button", { name: "確認する" }).click();

    await page.waitForURL(/\/login\//);
    await signIn(email, PASSWORD);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("button", { name: "ログアウト" }).waitFor();
    // the name given at sign-up, not the e-mail, names the person in the header
    await page.getByText("薬局 花子", { exact: true }).waitFor();
    expect(
      await page.evaluate(() => Boolean(localStorage.getItem("id_token") && localStorage.getItem("refresh_token"))),
    ).toBe(true);
    await screenshot(page, "signed-in-shell");

    await page.reload();
    await page.getByRole("button", { name: "ログアウト" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    await page.getByRole("button", { name: "ログアウト" }).click();
    // A shared tablet: sign-out asks first.
    const confirm = page.getByRole("dialog").filter({ hasText: "ログアウトしますか？" });
    await confirm.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(/\/login\//);
    expect(
      await page.evaluate(() => [localStorage.getItem("id_token"), localStorage.getItem("refresh_token")]),
    ).toEqual([null, null]);
  });

  it("shows the Japanese message for a wrong password", async () => {
    await page.goto("/login/");
    await signIn("demo@example.com", "Wrong12345");
    await page.getByText("メールアドレスまたはパスワードが正しくありません").waitFor();
    await screenshot(page, "login-wrong-password");
  });

  it("sends a signed-out visit of a protected page to the login and back after sign-in", async () => {
    await page.goto("/settings/branch-info/");
    await page.waitForURL(/\/login\//);
    await signIn("demo@example.com", "Demo1234");
    await page.waitForURL(/\/settings\/branch-info\/$/);
    await page.getByText("店舗情報").first().waitFor();
  });

  it("resets a forgotten password with the mailed code", async () => {
    const email = `e2e-reset-${randomBytes(4).toString("hex")}@example.jp`;
    await fetch(`${baseUrl}/auth/sign_up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD, name: "管理 花子" }),
    });
    const signUpCode = await waitForCode(outboxDir, email);
    await fetch(`${baseUrl}/auth/confirm_sign_up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, code: signUpCode }),
    });

    await page.goto(`/forgot-password?email=${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByLabel("メールアドレス").inputValue(), { timeout: 15_000 }).toBe(email);
    await page.getByRole("button", { name: /送信/ }).click();
    const resetCode = await waitForCode(outboxDir, email, signUpCode);
    await page.getByLabel("確認コード").fill(resetCode);
    await page.getByLabel("新しいパスワード", { exact: true }).fill("Atarashii9");
    await page.getByRole("button", { name: /再設定/ }).click();
    await page.waitForURL(/\/login\//);
    await signIn(email, "Atarashii9");
    await page.waitForURL(`${baseUrl}/`);
  });
});

describe("route fallbacks", () => {
  it("shows Not Found for an unknown path", async () => {
    await page.goto("/no/such/page");
    await page.locator("p", { hasText: "Not Found" }).waitFor();
  });
});
