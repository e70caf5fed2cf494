import type { Locator, Page } from "playwright-core";
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
  await openFold(page, "mail-fold");
}

/** A fold of the web form's last step (the mail's, `mail-fold`, or the family's, `family`), opened if it is not. */
export async function openFold(page: Page, testId: "mail-fold" | "family"): Promise<void> {
  const fold = page.getByTestId(testId);
  if (!(await fold.evaluate((details: HTMLDetailsElement) => details.open))) await fold.locator("summary").click();
}

/** What a visitor gives in the walk through the web form. */
export interface WebReceptionWalk {
  /** Opens `/web/<publicSlug>` first; without it the page is already on the form's first step. */
  publicSlug?: string;
  /** The paper prescription's photo, as `setInputFiles` takes it. */
  photo: Parameters<Page["setInputFiles"]>[1];
  /** お名前（フリガナ） */
  name: string;
  phone?: string;
  /** Typed into the mail fold, which is opened for it. */
  email?: string;
  /** Ticks 「服薬後に体調確認の連絡を受け取る」 (the e-mail is then asked for). */
  followUp?: boolean;
}

/**
 * The visitor's usual walk: a paper prescription's photo, 「いいえ」 to the first question, 店内で待つ,
 * then the name, phone (and e-mail), and the consent to the photo's use; it stops before 「この内容で受付する」.
 */
export async function fillWebReception(page: Page, walk: WebReceptionWalk): Promise<void> {
  if (walk.publicSlug) await page.goto(`/web/${walk.publicSlug}`);
  await page.getByTestId("step-count").getByText("1 / 5", { exact: true }).waitFor();
  await page.getByRole("radio", { name: "紙の処方箋" }).click();
  await page.getByTestId("photo-file-input").setInputFiles(walk.photo);
  await page.getByText("1 / 5枚").waitFor();
  await nextStep(page, "2 / 5");
  await page.getByRole("radio", { name: "いいえ" }).first().click();
  await nextStep(page, "3 / 5");
  await page.getByRole("radio", { name: "店内で待つ" }).click();
  await nextStep(page, "4 / 4");
  await page.getByLabel("お名前（フリガナ）").fill(walk.name);
  await page.getByLabel("電話番号", { exact: true }).fill(walk.phone ?? "090-1234-5678");
  await consentToPhotosIfAsked(page);
  if (walk.email === undefined && !walk.followUp) return;
  await openMailFold(page);
  if (walk.followUp) await page.getByRole("checkbox", { name: /服薬後に体調確認の連絡を受け取る/ }).check();
  if (walk.email === undefined) return;
  // with the consent ticked the address is no longer optional, and its label says so
  const email = walk.followUp
    ? page.getByLabel("メールアドレス", { exact: true })
    : page.getByLabel("メールアドレス（任意）");
  await email.fill(walk.email);
}

/**
 * Ticks the consent to the photos' use where the last step asks it (photos are sent): 「この内容で受付する」
 * stays disabled until then (docs/rules.md#notice-and-consent).
 */
export async function consentToPhotosIfAsked(page: Page | Locator): Promise<void> {
  const consent = page.getByRole("checkbox", { name: /処方箋の写真を.*同意します/ });
  if (await consent.isVisible()) await consent.check();
}

/** Presses 「この内容で受付する」 and reads the reception number off the done screen. */
export async function submitWebReception(page: Page): Promise<string> {
  await page.getByRole("button", { name: "この内容で受付する" }).click();
  await page.getByText("受付が完了しました").waitFor();
  return (await page.getByTestId("reception-number").textContent())!.trim();
}

/** The whole walk, sent; the done screen is left shown. Its reception number. */
export async function sendWebReception(page: Page, walk: WebReceptionWalk): Promise<string> {
  await fillWebReception(page, walk);
  return submitWebReception(page);
}
