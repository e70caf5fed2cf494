import type { Page } from "playwright-core";
import { describe, inject, it } from "vitest";
import { newAppContext, screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { waitForInvitationPath } from "../support/invitation.js";
import { waitForCode } from "../support/mail.js";
import { callApi } from "../support/session.js";

const browser = browserPerFile();
const outboxDir = inject("outboxDir");
const baseUrl = inject("baseUrl");
const stamp = Date.now().toString(36);
const OWNER = { email: `honbu-${stamp}@example.com`, password: "Honbu12345", name: "本部 一郎" };
const PHARMACIST = { email: `yakuzaishi-${stamp}@example.com`, password: "Yaku12345", name: "薬剤師 二郎" };

async function post<T>(url: string, body: unknown, idToken?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(idToken && { authorization: `Bearer ${idToken}` }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new organisation (its own, so that the demo branch the other files use keeps one branch). */
async function signUpOrganization(): Promise<{ idToken: string }> {
  await post("/auth/sign_up", { ...OWNER, organizationName: "株式会社さくら" });
  await post("/auth/confirm_sign_up", { email: OWNER.email, code: await waitForCode(outboxDir, OWNER.email) });
  const tokens = await post<{ idToken: string }>("/auth/sign_in", { email: OWNER.email, password: OWNER.password });
  await callApi(baseUrl, tokens.idToken, "PATCH", "/api/pharmacy", {
    name: "さくら薬局 本店",
    address: "東京都千代田区1-1",
    phone: "03-1234-5678",
  });
  return tokens;
}

/** The pharmacist already works in the first branch: invited there and joined with a password. */
async function pharmacistOfFirstBranch(ownerToken: string): Promise<void> {
  await callApi(baseUrl, ownerToken, "POST", "/api/staff", {
    email: PHARMACIST.email,
    name: PHARMACIST.name,
    role: "staff",
  });
  const token = new URLSearchParams((await waitForInvitationPath(outboxDir, PHARMACIST.email)).split("?")[1]).get(
    "token",
  );
  await post("/auth/accept_invitation", { token, password: PHARMACIST.password });
}

async function signIn(page: Page, account: { email: string; password: string }, url = "/"): Promise<void> {
  await page.goto(url);
  await page.waitForURL(/\/login\//);
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.getByLabel("パスワード", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "ログイン" }).click();
  await page.waitForURL((address) => !address.pathname.startsWith("/login"));
}

/** Picks a branch in the header's switcher and waits for the app to come back on it. */
async function switchBranch(page: Page, branchName: RegExp): Promise<void> {
  await page.getByRole("combobox", { name: "店舗を切り替え" }).click();
  await page.getByRole("option", { name: branchName }).click();
  await page.waitForLoadState("load");
  await page.getByText("自動更新中").waitFor();
}

/** A reception made in the branch the page is signed in to, through the API with the page's own token. */
async function receptionFrom(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const response = await fetch("/api/reception", {
      method: "POST",
      headers: { authorization: `Bearer ${localStorage.getItem("id_token")}` },
    });
    if (response.status !== 201) throw new Error(`reception ${response.status}`);
  });
}

function todayRow(page: Page, branch: string) {
  return page.getByRole("row", { name: new RegExp(branch) });
}

describe("a chain", () => {
  it("the org admin adds a branch, invites a pharmacist of the first, who switches between both; 本部 follows", async () => {
    const owner = await signUpOrganization();
    await pharmacistOfFirstBranch(owner.idToken);

    const ownerContext = await browser.context((launched, url) =>
      newAppContext(launched, url, { viewport: { width: 1366, height: 768 } }),
    );
    const honbu = await ownerContext.newPage();
    await signIn(honbu, OWNER, "/organization");
    await honbu.getByRole("heading", { name: /本部/ }).waitFor();
    await honbu.getByLabel("店舗名").fill("さくら薬局 駅前店");
    await honbu.getByRole("button", { name: "追加する" }).click();
    await todayRow(honbu, "さくら薬局 駅前店").waitFor();

    // the org admin's second tab, on the new branch, invites the pharmacist there
    const adminPage = await ownerContext.newPage();
    await adminPage.goto("/");
    await adminPage.getByText("自動更新中").waitFor();
    await switchBranch(adminPage, /駅前店/);
    await callApi(baseUrl, (await adminPage.evaluate(() => localStorage.getItem("id_token")))!, "POST", "/api/staff", {
      email: PHARMACIST.email,
      name: PHARMACIST.name,
      role: "staff",
    });

    // the pharmacist, signed in on the first branch, accepts and switches between both
    const pharmacist = await browser.page();
    await signIn(pharmacist, PHARMACIST);
    await pharmacist.getByText("自動更新中").waitFor();
    await pharmacist.goto(await waitForInvitationPath(outboxDir, PHARMACIST.email));
    await pharmacist.getByRole("button", { name: "招待を承認して店舗を追加する" }).click();
    await pharmacist.getByText("自動更新中").waitFor();
    await switchBranch(pharmacist, /駅前店/);
    await screenshot(pharmacist, "organization-switched-1024", { fullPage: false });

    // a reception of the second branch reaches its list live, and the 本部 table
    await receptionFrom(adminPage);
    await pharmacist
      .getByRole("row", { name: /受付中|未確認|確認中|1/ })
      .first()
      .waitFor();
    await todayRow(honbu, "さくら薬局 駅前店").getByRole("cell", { name: "1", exact: true }).first().waitFor({
      timeout: 30_000,
    });

    // back on the first branch, a reception there reaches its list and 本部 too
    await switchBranch(pharmacist, /本店/);
    await receptionFrom(pharmacist);
    await todayRow(honbu, "さくら薬局 本店").getByRole("cell", { name: "1", exact: true }).first().waitFor({
      timeout: 30_000,
    });
    await screenshot(honbu, "organization-honbu-1366", { fullPage: false });
    await honbu.setViewportSize({ width: 1024, height: 768 });
    await screenshot(honbu, "organization-honbu-1024", { fullPage: false });
    await pharmacist.setViewportSize({ width: 1366, height: 768 });
    await screenshot(pharmacist, "organization-switcher-1366", { fullPage: false });
  });
});
