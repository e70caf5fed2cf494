import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, screenshot } from "../support/browser.js";
import { callApi, demoIdToken, phoneContext } from "../support/session.js";

const baseUrl = inject("baseUrl");

let browser: Browser;
let publicSlug: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, await demoIdToken(baseUrl), "GET", "/api/pharmacy"));
});
afterAll(() => browser.close());
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function visitor(): Promise<Page> {
  const context = await phoneContext(browser, baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/web/${publicSlug}`);
  await page.getByRole("heading", { name: "デモ薬局 本店" }).waitFor();
  return page;
}

describe("the public page on a phone", () => {
  it("checks each file when it is chosen and names the one it cannot send", async () => {
    const page = await visitor();
    await page.getByTestId("photo-file-input").setInputFiles({ name: "shohousen.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
    await page.getByText("「shohousen.jpg」は写真（JPEG・PNG・WebP・HEIC）またはPDFではないため送れません。").waitFor();
    await page.getByText("0 / 5枚").waitFor();
    await page.getByText("「shohousen.jpg」").scrollIntoViewIfNeeded();
    await screenshot(page, "public-photo-rejected", { fullPage: false });
  });

  it("asks for the return day first, without an error under the time question, and says 「スマートフォンで入力」", async () => {
    const page = await visitor();
    await page.getByRole("radio", { name: "後で取りに来る" }).click();
    const hint = page.getByText("先にご来局予定日を選んでください。その日の時間帯がここに表示されます。");
    await hint.waitFor();
    expect(await page.getByText("選べる候補がありません").count()).toBe(0);
    await hint.scrollIntoViewIfNeeded();
    await screenshot(page, "public-return-visit-before-date", { fullPage: false });
    await page.getByRole("radio", { name: "はい" }).first().click();
    await page.getByRole("radio", { name: "スマートフォンで入力" }).waitFor();
  });
});
