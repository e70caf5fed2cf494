import type { Page } from "playwright-core";
import type { FileBrowser } from "./browser-per-file.js";
import { phoneContext } from "./session.js";

/** A visitor's phone on a branch's public page (the web form's first step). */
export async function visitorOnPublicPage(browser: FileBrowser, publicSlug: string): Promise<Page> {
  const page = await browser.page(phoneContext);
  await page.goto(`/web/${publicSlug}`);
  await page.getByRole("heading", { name: "デモ薬局 本店" }).waitFor();
  return page;
}

/** The web form's steps: 「次へ」, then the next step's count shows. */
export async function nextStep(page: Page, to: string): Promise<void> {
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByTestId("step-count").getByText(to, { exact: true }).waitFor();
}

/** The web form's optional e-mail: its fold (「メールでのお知らせ・服薬後の体調確認（任意）」) opened first. */
export async function openMailFold(page: Page): Promise<void> {
  const fold = page.locator("form[name=web-reception] details");
  if (!(await fold.evaluate((details: HTMLDetailsElement) => details.open))) await fold.locator("summary").click();
}
