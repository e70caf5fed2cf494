import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { waitForInvitationPath } from "../support/invitation.js";
import { becomeCounterKiosk } from "../support/kiosk.js";
import { signInThroughForm, tabletContext } from "../support/session.js";
import { totpNow } from "../support/totp.js";

const browser = browserPerFile();
const outboxDir = inject("outboxDir");
const STAFF = { name: "調剤 太郎", email: "taro@example.com", password: "Taro12345" };

async function newPage(): Promise<Page> {
  const context = await browser.context(tabletContext);
  return context.newPage();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "ログアウト" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "ログアウト" }).click();
  await page.waitForURL(/\/login\//);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(password);
  await page.getByRole("button", { name: "ログイン" }).click();
}

describe("people and devices", () => {
  it("an admin invites a pharmacist, who sets a password and signs in; disabling them signs them out", async () => {
    const admin = await newPage();
    await signInThroughForm(admin, "/staff");
    await admin.getByRole("heading", { name: "スタッフ管理" }).waitFor();
    await admin.getByRole("button", { name: "スタッフを招待" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel("名前").fill(STAFF.name);
    await dialog.getByLabel("メールアドレス").fill(STAFF.email);
    await dialog.getByRole("button", { name: "招待メールを送る" }).click();
    const invitedRow = admin.getByRole("row", { name: new RegExp(STAFF.name) });
    await invitedRow.getByText("招待中").waitFor();
    await screenshot(admin, "staff-management", { fullPage: false });

    // The pharmacist opens the mail's link, sets a password and signs in.
    const invitationPath = await waitForInvitationPath(outboxDir, STAFF.email);
    const pharmacist = await newPage();
    await pharmacist.goto(invitationPath);
    await pharmacist.getByLabel("パスワード", { exact: true }).fill(STAFF.password);
    await pharmacist.getByLabel("パスワード（確認）").fill(STAFF.password);
    await pharmacist.getByRole("button", { name: "パスワードを設定する" }).click();
    await pharmacist.waitForURL(/\/login\//);
    await pharmacist.getByText("パスワードを設定しました").waitFor();
    await pharmacist.getByLabel("パスワード", { exact: true }).fill(STAFF.password);
    await pharmacist.getByRole("button", { name: "ログイン" }).click();
    await pharmacist.getByText("自動更新中").waitFor();
    // A staff member has no staff management: no menu entry, and the URL explains why.
    await pharmacist
      .getByRole("button", { name: /スタッフ/ })
      .first()
      .click();
    expect(await pharmacist.getByRole("menuitem", { name: "スタッフ管理" }).count()).toBe(0);
    await pharmacist.goto("/staff");
    await pharmacist.getByText("このページを表示する権限がありません").waitFor();
    await screenshot(pharmacist, "staff-forbidden", { fullPage: false });

    // Two-factor sign-in: QR and key, a code from the app, recovery codes.
    await pharmacist.goto("/settings/security/");
    await pharmacist.getByRole("button", { name: "設定を始める" }).click();
    const secret = (await pharmacist.getByTestId("mfa-secret").textContent())!.replace(/\s+/g, "");
    await pharmacist.getByRole("img", { name: "認証アプリ用のQRコード" }).waitFor();
    await screenshot(pharmacist, "mfa-setup", { fullPage: false });
    await pharmacist.getByLabel(/確認コード/).fill(totpNow(secret));
    await pharmacist.getByRole("button", { name: "二段階認証を有効にする" }).click();
    await pharmacist.getByTestId("recovery-codes").locator("li").first().waitFor();
    const codes = (await pharmacist.getByTestId("recovery-codes").locator("li").allTextContents()).map((code) =>
      code.trim(),
    );
    expect(codes).toHaveLength(10);
    await screenshot(pharmacist, "mfa-recovery-codes", { fullPage: false });
    await pharmacist.getByRole("button", { name: "保管しました" }).click();
    await pharmacist.getByText("有効", { exact: true }).waitFor();

    // Next sign-in asks for a code; a recovery code works once.
    await signOut(pharmacist);
    await signIn(pharmacist, STAFF.email, STAFF.password);
    await pharmacist.getByRole("heading", { name: "二段階認証" }).waitFor();
    await pharmacist.getByLabel(/確認コード/).fill("000000");
    await pharmacist.getByRole("button", { name: "確認してログイン" }).click();
    await pharmacist.getByText("確認コードが正しくありません").waitFor();
    await pharmacist.getByLabel(/確認コード/).fill(codes[0]!);
    await pharmacist.getByRole("button", { name: "確認してログイン" }).click();
    await pharmacist.getByText("自動更新中").waitFor();

    // The link works once only.
    const reused = await newPage();
    await reused.goto(invitationPath);
    await reused.getByLabel("パスワード", { exact: true }).fill(STAFF.password);
    await reused.getByLabel("パスワード（確認）").fill(STAFF.password);
    await reused.getByRole("button", { name: "パスワードを設定する" }).click();
    await reused.getByText("この招待リンクは使えません").waitFor();

    // The admin sees it, and can disable the pharmacist: their open screen is signed out at once.
    await admin.reload();
    await invitedRow.getByText("有効").waitFor();
    await invitedRow.getByRole("button", { name: "無効にする" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "無効にする" }).click();
    await invitedRow.getByText("無効").waitFor();
    await pharmacist.waitForURL(/\/login\//);
  });

  it("a pending invitation is re-sent, also by inviting its address again, and taken back", async () => {
    const admin = await newPage();
    await signInThroughForm(admin, "/staff");
    const invite = async () => {
      await admin.getByRole("button", { name: "スタッフを招待" }).click();
      const dialog = admin.getByRole("dialog", { name: /スタッフを招待/ });
      await dialog.getByLabel("名前").fill("受付 花子");
      await dialog.getByLabel("メールアドレス").fill("hanako@example.com");
      await dialog.getByRole("button", { name: "招待メールを送る" }).click();
      await dialog.waitFor({ state: "hidden" });
    };
    await invite();
    const row = admin.getByRole("row", { name: /受付 花子/ });
    await row.getByText("招待中").waitFor();
    // the same address again: a new link, not 「既に登録されています」
    await invite();
    expect(await admin.getByText("このメールアドレスは既に登録されています。").count()).toBe(0);
    await row.getByRole("button", { name: "招待を再送" }).click();
    await admin
      .getByRole("dialog", { name: "受付 花子さんに招待メールを再送しますか？" })
      .getByRole("button", { name: "再送する" })
      .click();
    await admin.getByText("招待メールを再送しました").waitFor();
    await screenshot(admin, "staff-invited-actions", { fullPage: false });
    await row.getByRole("button", { name: "招待を取り消す" }).click();
    await admin
      .getByRole("dialog", { name: "受付 花子さんへの招待を取り消しますか？" })
      .getByRole("button", { name: "取り消す" })
      .click();
    await row.waitFor({ state: "detached" });
  });

  it("the last admin cannot be demoted: the 409 reads as a clear sentence", async () => {
    const admin = await newPage();
    await signInThroughForm(admin, "/staff");
    const own = admin.getByRole("row", { name: /あなた/ });
    await own.getByRole("combobox").click();
    await admin.locator(".ant-select-item-option", { hasText: "スタッフ" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "変更する" }).click();
    await admin.getByText("有効な管理者がいなくなるため、この変更はできません。").waitFor();
  });

  it("lists the devices; removing one sends that tablet to the login", async () => {
    const tablet = await newPage();
    await signInThroughForm(tablet);
    await becomeCounterKiosk(tablet);

    const admin = await newPage();
    await signInThroughForm(admin, "/devices");
    const deviceRow = admin.getByRole("row", { name: /受付端末/ }).last();
    await deviceRow.waitFor();
    await screenshot(admin, "device-list", { fullPage: false });
    await deviceRow.getByRole("button", { name: /削除/ }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "削除する" }).click();
    await admin.getByText(/を削除しました/).waitFor();
    await tablet.reload();
    await tablet.waitForURL(/\/login\//);
  });
});
