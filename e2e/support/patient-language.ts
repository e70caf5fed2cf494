import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Catalog } from "../../apps/web/src/lib/i18n/catalogs/ja.js";
import { newAppContext } from "./browser.js";

/**
 * The patient pages' catalogs (apps/web/src/lib/i18n/catalogs), read by the tests that walk them in a
 * language: a page still in Japanese, or in another language, fails to show the catalog's words.
 */
export const catalogOf: Record<string, () => Promise<Catalog>> = {
  ja: async () => (await import("../../apps/web/src/lib/i18n/catalogs/ja.js")).ja,
  "ja-x-easy": async () => (await import("../../apps/web/src/lib/i18n/catalogs/ja-x-easy.js")).default,
  en: async () => (await import("../../apps/web/src/lib/i18n/catalogs/en.js")).default,
  "zh-Hans": async () => (await import("../../apps/web/src/lib/i18n/catalogs/zh-Hans.js")).default,
  "zh-Hant": async () => (await import("../../apps/web/src/lib/i18n/catalogs/zh-Hant.js")).default,
  ko: async () => (await import("../../apps/web/src/lib/i18n/catalogs/ko.js")).default,
  vi: async () => (await import("../../apps/web/src/lib/i18n/catalogs/vi.js")).default,
  fil: async () => (await import("../../apps/web/src/lib/i18n/catalogs/fil.js")).default,
  ne: async () => (await import("../../apps/web/src/lib/i18n/catalogs/ne.js")).default,
  "pt-BR": async () => (await import("../../apps/web/src/lib/i18n/catalogs/pt-BR.js")).default,
  es: async () => (await import("../../apps/web/src/lib/i18n/catalogs/es.js")).default,
  id: async () => (await import("../../apps/web/src/lib/i18n/catalogs/id.js")).default,
  th: async () => (await import("../../apps/web/src/lib/i18n/catalogs/th.js")).default,
};

/** A catalog message with its simple `{name}` placeholders filled (no plural or select). */
function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/**
 * What a catalog text is named or shown as: itself, or for a text with furigana (「｜紙《かみ》」, やさしい日本語)
 * a pattern that takes the reading either shown after its kanji or left out, and the spaces around ruby.
 */
export function named(text: string): string | RegExp {
  if (!text.includes("《")) return text;
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*");
  const pattern = text
    .split(/(｜[^｜《》]+《[^》]+》)/)
    .map((part) => {
      const ruby = /^｜([^｜《》]+)《([^》]+)》$/.exec(part);
      return ruby ? `${escape(ruby[1]!)}(?:\\s*\\(?${escape(ruby[2]!)}\\)?)?` : escape(part);
    })
    .join("\\s*");
  return new RegExp(`^\\s*${pattern}\\s*$`);
}

/** The longest stretch of a message without a placeholder: what a formatted text surely contains. */
export function literalPart(message: string): string {
  return message
    .split(/\{[^{}]*\}/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!;
}

/** A patient's phone (375 px, touch) whose browser asks for `locale` first. */
export function phoneIn(locale: string) {
  return (browser: Browser, baseUrl: string): Promise<BrowserContext> =>
    newAppContext(browser, baseUrl, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale });
}

/** A patient's phone in `tag` as this device's kept choice (how やさしい日本語 is had: no browser asks for it). */
export function phoneKeeping(tag: string, { width = 375, height = 667 } = {}) {
  return async (browser: Browser, baseUrl: string): Promise<BrowserContext> => {
    // not `isMobile`: a mobile layout viewport widens itself to content wider than the screen, which then
    // looks like no overflow at all; here anything wider than 375 px scrolls sideways and is measured
    const context = await newAppContext(browser, baseUrl, { viewport: { width, height }, hasTouch: true });
    await context.addInitScript((kept) => localStorage.setItem("patient_language", kept), tag);
    return context;
  };
}

/**
 * The web form in the patient's language up to its last step: a paper prescription's photo, 「いいえ」 to
 * the first question, waiting in the pharmacy, a name and a phone number, and the photos' consent.
 */
export async function fillFormIn(page: Page, c: Catalog, photo: string, name = "テスト タロウ"): Promise<void> {
  const next = async (to: string) => {
    await page.getByRole("button", { name: named(c.common.next), exact: true }).click();
    await page.getByTestId("step-count").getByText(to, { exact: true }).waitFor();
  };
  await page.getByRole("radio", { name: named(c.answers.prescriptionType.Paper) }).click();
  await page.getByTestId("photo-file-input").setInputFiles(photo);
  await page.getByText(named(fill(c.form.photoCount, { count: 1, max: 5 }))).waitFor();
  await next("2 / 5");
  await page
    .getByRole("radio", { name: named(c.answers.firstVisit.no), exact: true })
    .first()
    .click();
  await next("3 / 5");
  await page.getByRole("radio", { name: named(c.answers.receiveMethod.Pharmacy) }).click();
  await next("4 / 4");
  await page.getByLabel(named(c.form.nameLabel)).first().fill(name);
  await page.getByLabel(named(c.form.phoneLabel), { exact: true }).fill("090-1234-5678");
  await page.getByRole("checkbox", { name: named(c.consent.photoLabel) }).check();
}
