import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { waitForCode } from "../support/mail.js";
import { phoneContext, tabletContext } from "../support/session.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const outboxDir = inject("outboxDir");
const PASSWORD = "Newbranch1";

async function post(path: string, body: unknown, idToken?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: path.startsWith("/api/pharmacy") ? "PATCH" : "POST",
    headers: { "content-type": "application/json", ...(idToken && { authorization: `Bearer ${idToken}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

/** A branch just signed up: confirmed, nothing filled in. */
async function newBranch(): Promise<{ email: string; idToken: string }> {
  const email = `new-${Date.now()}@example.com`;
  await post("/auth/sign_up", { email, password: PASSWORD, name: "管理 花子" });
  await post("/auth/confirm_sign_up", { email, code: await waitForCode(outboxDir, email) });
  const { idToken } = await post("/auth/sign_in", { email, password: PASSWORD });
  return { email, idToken: idToken as string };
}

async function pageIn(make: typeof tabletContext): Promise<Page> {
  const context = await browser.context(make);
  return context.newPage();
}

describe("a new branch", () => {
  it("is led through its set-up, and its public page stays closed until the branch information is in", async () => {
    const { email, idToken } = await newBranch();
    const staff = await pageIn(tabletContext);
    await staff.goto("/login/");
    await staff.getByLabel("メールアドレス").fill(email);
    await staff.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
    await staff.getByRole("button", { name: "ログイン" }).click();
    await staff.getByRole("heading", { name: "店舗情報を設定してください" }).waitFor();
    await screenshot(staff, "new-branch-setup-steps");

    await staff.goto("/settings/web-questionnaire-link/");
    await staff.getByText("Web受付のページはまだ公開されていません").waitFor();
    // The e2e server listens on 127.0.0.1: the link is flagged as one no phone can open.
    await staff.getByText("このURLは患者さまのスマートフォンでは開けません").waitFor();
    await screenshot(staff, "new-branch-public-link");
    const { publicSlug, publicUrl } = (await (
      await fetch(`${baseUrl}/api/pharmacy`, { headers: { authorization: `Bearer ${idToken}` } })
    ).json()) as {
      publicSlug: string;
      publicUrl: string;
    };
    expect(publicUrl).toBe(`${baseUrl}/web/${publicSlug}`);

    const visitor = await pageIn(phoneContext);
    await visitor.goto(`/web/${publicSlug}`);
    await visitor.getByRole("heading", { name: "Web受付の準備中です" }).waitFor();
    await screenshot(visitor, "public-not-ready");

    await post("/api/pharmacy", { name: "あおば薬局", address: "仙台市青葉区1-1", phone: "022-123-4567" }, idToken);
    await visitor.reload();
    await visitor.getByRole("heading", { name: "あおば薬局" }).waitFor();
    await staff.goto("/");
    await staff.getByRole("button", { name: "受付する" }).waitFor();
    expect(await staff.getByRole("heading", { name: "店舗情報を設定してください" }).count()).toBe(0);
  });
});
