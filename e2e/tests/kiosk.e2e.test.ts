import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, screenshot } from "../support/browser.js";
import { answerCounterQuestions, becomeCounterKiosk } from "../support/kiosk.js";
import { DEMO, signInThroughForm, tabletContext } from "../support/session.js";

const baseUrl = inject("baseUrl");

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function tablet(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await tabletContext(browser, baseUrl);
  contexts.push(context);
  // The ticket's print() would open a dialog headless Chromium cannot close.
  await context.addInitScript(() => {
    window.print = () => undefined;
  });
  return { context, page: await context.newPage() };
}

/** A staff PC on the day list, live. */
async function staffScreen(): Promise<Page> {
  const { page } = await tablet();
  await signInThroughForm(page);
  await page.getByText("自動更新中").waitFor();
  return page;
}

/** A tablet that a staff member turned into the counter kiosk. `withClock` lets the test move its time. */
async function kiosk({ withClock = false } = {}): Promise<Page> {
  const { context, page } = await tablet();
  if (withClock) await context.clock.install();
  await signInThroughForm(page);
  await becomeCounterKiosk(page);
  return page;
}

const row = (page: Page, number: string) => page.locator(`tr[data-reception-number="${number}"]`);
const settle = (page: Page) => page.waitForTimeout(400);

describe("the counter kiosk", () => {
  it("goes from welcome to ticket and back; a staff screen sees 受付中 turn into 未確認", async () => {
    const counter = await kiosk();
    await settle(counter);
    await screenshot(counter, "kiosk-welcome", { fullPage: false });
    // Never the list, a name or a sign-out.
    expect(await counter.getByText("本日の受付").count()).toBe(0);
    expect(await counter.getByRole("button", { name: "ログアウト" }).count()).toBe(0);
    // The tablet stays the kiosk across a reload (its device token is its refresh token).
    await counter.reload();
    await counter.getByText("いらっしゃいませ").waitFor();

    const staff = await staffScreen();
    await counter.getByRole("button", { name: "受付する" }).click();
    const number = (await counter.getByTestId("counter-number").textContent())!.trim();
    await row(staff, number).getByText("受付中").waitFor();
    // 受付中 is not counted as 未確認.
    const unconfirmedCount = () => staff.locator(".ant-segmented-item", { hasText: "未確認" }).textContent();
    const before = await unconfirmedCount();
    await screenshot(staff, "staff-list-in-progress", { fullPage: false });

    await answerCounterQuestions(counter);
    await counter.getByRole("button", { name: "確定" }).click();
    await counter.getByTestId("done-number").waitFor();
    await row(staff, number).getByText("未確認").waitFor();
    expect(await unconfirmedCount()).not.toBe(before);

    await counter.getByRole("button", { name: "最初の画面に戻る" }).click();
    await counter.getByTestId("counter-number").waitFor({ state: "detached" });
    await counter.getByRole("button", { name: "受付する" }).waitFor();
  });

  it("left idle asks 続けますか？, then cancels; the reception disappears from a staff screen", async () => {
    const counter = await kiosk({ withClock: true });
    const staff = await staffScreen();
    await counter.getByRole("button", { name: "受付する" }).click();
    const number = (await counter.getByTestId("counter-number").textContent())!.trim();
    await row(staff, number).getByText("受付中").waitFor();

    await counter.clock.runFor("01:31");
    await counter.getByText("続けますか？").waitFor();
    await settle(counter);
    await screenshot(counter, "kiosk-idle-question", { fullPage: false });
    await counter.clock.runFor("00:31");
    await row(staff, number).waitFor({ state: "detached" });
    // The flow closes over the welcome screen, which stays underneath.
    await counter.getByTestId("counter-number").waitFor({ state: "detached" });
    await counter.getByRole("button", { name: "受付する" }).waitFor();
  });

  it("cannot reach the staff screens by URL, and a staff sign-in turns it back into a staff screen", async () => {
    const counter = await kiosk();
    for (const url of ["/staff", "/settings", "/settings/general-settings/", "/devices", "/audit"]) {
      await counter.goto(url);
      await counter.getByText("このページを表示する権限がありません").waitFor();
    }
    await counter.goto("/?date=2026-01-05");
    await counter.getByText("いらっしゃいませ").waitFor();
    expect(await counter.getByText("受付一覧").count()).toBe(0);

    await counter.getByRole("button", { name: "スタッフ用" }).click();
    const dialog = counter.getByRole("dialog");
    await dialog.getByLabel("メールアドレス").fill(DEMO.email);
    await dialog.getByLabel("パスワード", { exact: true }).fill(DEMO.password);
    await dialog.getByRole("button", { name: "ログインしてスタッフ画面にする" }).click();
    await counter.getByText("自動更新中").waitFor();
    await counter.reload();
    await counter.getByText("自動更新中").waitFor();
  });
});
