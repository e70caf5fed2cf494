import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
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
const HONTEN = "さくら薬局 本店";
const YAESU = "さくら薬局 東京駅八重洲北口店";

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new organisation of its own (the demo branch the other files use keeps one branch); its admin's token on 本店. */
async function signUpOrganization(): Promise<string> {
  await post("/auth/sign_up", { ...OWNER, organizationName: "株式会社さくら" });
  await post("/auth/confirm_sign_up", { email: OWNER.email, code: await waitForCode(outboxDir, OWNER.email) });
  const { idToken } = await post<{ idToken: string }>("/auth/sign_in", {
    email: OWNER.email,
    password: OWNER.password,
  });
  await callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", {
    name: HONTEN,
    address: "東京都千代田区1-1",
    phone: "03-1234-5678",
  });
  return idToken;
}

async function invitePharmacist(adminIdToken: string): Promise<void> {
  await callApi(baseUrl, adminIdToken, "POST", "/api/staff", {
    email: PHARMACIST.email,
    name: PHARMACIST.name,
    role: "staff",
  });
}

/** The pharmacist already works in 本店: invited there and joined with a password. */
async function pharmacistOfHonten(ownerIdToken: string): Promise<void> {
  await invitePharmacist(ownerIdToken);
  const path = await waitForInvitationPath(outboxDir, PHARMACIST.email);
  await post("/auth/accept_invitation", {
    token: new URLSearchParams(path.split("?")[1]).get("token"),
    password: PHARMACIST.password,
  });
}

async function signIn(page: Page, account: { email: string; password: string }, url = "/"): Promise<void> {
  await page.goto(url);
  await page.waitForURL(/\/login\//);
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.getByLabel("パスワード", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "ログイン" }).click();
  await page.waitForURL((address) => !address.pathname.startsWith("/login"));
}

/** Marks the loaded document: a page that still has the mark was not loaded anew. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { documentMark: true }));
}
async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => "documentMark" in window);
}

/** Picks a branch in the header's switcher (listed with the person's role there); the header then names it and the day list is live on it. */
async function switchBranch(page: Page, branch: string, role = "スタッフ"): Promise<void> {
  await page.getByRole("combobox", { name: "店舗を切り替え" }).click();
  await page.getByRole("option", { name: `${branch}（${role}）` }).click();
  await page.getByRole("banner").getByText(branch, { exact: true }).waitFor();
  await page.getByText("自動更新中").waitFor();
}

/** A reception made in the branch the token is on, with a name to find it by in the lists. */
async function receptionNamed(idToken: string, patientName: string): Promise<void> {
  const reception = await callApi<{ id: string }>(baseUrl, idToken, "POST", "/api/reception");
  await callApi(baseUrl, idToken, "PATCH", `/api/reception/${reception.id}`, { id: reception.id, patientName });
}

/** The 本部 table's 受付 (received) cell of a branch shows that count. */
async function receivedShown(page: Page, branch: string, count: number): Promise<void> {
  const row = page.getByRole("row", { name: new RegExp(branch) });
  await row.getByRole("cell").nth(1).getByText(String(count), { exact: true }).waitFor();
}

/** The rows the page's sockets received for the 本部 table: proof that a count came pushed, not read again. */
function organizationFrames(page: Page): Array<{ id: string; received: number }> {
  const rows: Array<{ id: string; received: number }> = [];
  page.on("websocket", (socket) =>
    socket.on("framereceived", ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type: string; branches?: Array<{ id: string; received: number }> };
      if (frame.type === "organization.day.updated") rows.push(...frame.branches!);
    }),
  );
  return rows;
}

describe("a chain", () => {
  it("the org admin adds a branch and invites a pharmacist of the first, who switches between both, each list live; 本部 follows both", async () => {
    const ownerIdToken = await signUpOrganization();
    await pharmacistOfHonten(ownerIdToken);

    // 本部, on the org admin's PC
    const ownerContext = await browser.context((launched, url) =>
      newAppContext(launched, url, { viewport: { width: 1366, height: 768 } }),
    );
    const honbu = await ownerContext.newPage();
    const pushedRows = organizationFrames(honbu);
    await signIn(honbu, OWNER, "/organization");
    await honbu.getByRole("heading", { name: /本部/ }).waitFor();
    await honbu.getByLabel("店舗名").fill(YAESU);
    await honbu.getByRole("button", { name: "追加する" }).click();
    await receivedShown(honbu, YAESU, 0);
    await honbu.getByText("自動更新中").waitFor();
    await markDocument(honbu);

    // the org admin's second tab goes to the new branch; the 本部 tab follows the switch where it is
    const ownerTab = await ownerContext.newPage();
    await ownerTab.goto("/");
    await ownerTab.getByText("自動更新中").waitFor();
    await markDocument(ownerTab);
    await switchBranch(ownerTab, YAESU, "管理者");
    expect(await sameDocument(ownerTab)).toBe(true);
    const yaesuIdToken = (await ownerTab.evaluate(() => localStorage.getItem("id_token")))!;
    await invitePharmacist(yaesuIdToken);
    expect(new URL(honbu.url()).pathname).toBe("/organization");
    await honbu.getByText("自動更新中").waitFor();

    // the pharmacist, signed in on 本店, accepts the invitation to 八重洲北口店 with that same account
    const pharmacist = await browser.page();
    await signIn(pharmacist, PHARMACIST);
    await pharmacist.getByText("自動更新中").waitFor();
    await pharmacist.goto(await waitForInvitationPath(outboxDir, PHARMACIST.email, 2));
    await pharmacist.getByRole("button", { name: "招待を承認して店舗を追加する" }).click();
    await pharmacist.getByRole("combobox", { name: "店舗を切り替え" }).waitFor();
    await pharmacist.getByText("自動更新中").waitFor();
    await markDocument(pharmacist);

    // on 八重洲北口店: its reception comes into the list live, and into 本部
    await switchBranch(pharmacist, YAESU);
    await receptionNamed(yaesuIdToken, "ヤエス ハナコ");
    await pharmacist.getByText("ヤエス ハナコ").waitFor();
    await receivedShown(honbu, YAESU, 1);
    await screenshot(pharmacist, "organization-switched-1024", { fullPage: false });

    // back on 本店: nothing of 八重洲北口店 stays; its reception comes in live, into 本部 too
    await switchBranch(pharmacist, HONTEN);
    expect(await pharmacist.getByText("ヤエス ハナコ").count()).toBe(0);
    await receptionNamed(ownerIdToken, "ホンテン タロウ");
    await pharmacist.getByText("ホンテン タロウ").waitFor();
    await receivedShown(honbu, HONTEN, 1);
    expect(await pharmacist.getByText("ヤエス ハナコ").count()).toBe(0);

    // nothing was loaded anew, and 本部's counts came pushed by its socket
    expect(await sameDocument(pharmacist)).toBe(true);
    expect(await sameDocument(honbu)).toBe(true);
    const organization = await callApi<{ branches: Array<{ id: string; name: string }> }>(
      baseUrl,
      ownerIdToken,
      "GET",
      "/api/organization",
    );
    const idOf = (name: string) => organization.branches.find((branch) => branch.name === name)!.id;
    expect(pushedRows).toContainEqual(expect.objectContaining({ id: idOf(YAESU), received: 1 }));
    expect(pushedRows).toContainEqual(expect.objectContaining({ id: idOf(HONTEN), received: 1 }));

    await screenshot(honbu, "organization-honbu-1366", { fullPage: false });
    await honbu.setViewportSize({ width: 1024, height: 768 });
    await screenshot(honbu, "organization-honbu-1024", { fullPage: false });
    await pharmacist.getByRole("combobox", { name: "店舗を切り替え" }).click();
    // the drawn list's item (titled with its label), not the hidden one kept for screen readers
    await pharmacist.getByTitle(`${YAESU}（スタッフ）`).waitFor();
    await screenshot(pharmacist, "organization-switcher-1024", { fullPage: false });
    await pharmacist.setViewportSize({ width: 1366, height: 768 });
    await screenshot(pharmacist, "organization-switcher-1366", { fullPage: false });
  });
});
