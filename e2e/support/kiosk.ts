import type { BrowserContext, Page } from "playwright-core";
import type { FileBrowser } from "./browser-per-file.js";
import { chooseFromHeaderMenu } from "./header-menu.js";
import { signInThroughForm, tabletContext } from "./session.js";

/** Chooses one of the header menu's device choices and confirms it. */
export async function confirmFromHeaderMenu(page: Page, menuItem: string, confirmButton: string): Promise<void> {
  const confirm = page.getByRole("dialog").getByRole("button", { name: confirmButton });
  await chooseFromHeaderMenu(page, menuItem, confirm);
  await confirm.click();
}

/** Turns this browser into a counter kiosk. */
export async function becomeCounterKiosk(page: Page): Promise<void> {
  await confirmFromHeaderMenu(page, "この端末を受付端末にする", "受付端末にする");
  await page
    .getByText("いらっしゃいませ")
    .waitFor()
    .catch(async (error: unknown) => {
      const seen = (await page.locator("body").innerText()).slice(0, 300);
      throw new Error(`no kiosk welcome screen at ${page.url()}; the page shows: ${seen}`, { cause: error });
    });
}

/** A tablet whose print() does nothing: the ticket's print would open a dialog headless Chromium cannot close. */
export async function printlessTablet(browser: FileBrowser): Promise<BrowserContext> {
  const context = await browser.context(tabletContext);
  await context.addInitScript(() => {
    window.print = () => undefined;
  });
  return context;
}

/** A tablet a staff member signed in on and turned into the counter kiosk. `withClock` lets the test move its time. */
export async function kioskTablet(browser: FileBrowser, { withClock = false } = {}): Promise<Page> {
  const context = await printlessTablet(browser);
  if (withClock) await context.clock.install();
  const page = await context.newPage();
  await signInThroughForm(page);
  await becomeCounterKiosk(page);
  return page;
}

/** From the photo step to the ticket preview: no photo, and the first choice of every question. `next`: 「次へ」 in the kiosk's language. */
export async function answerCounterQuestions(page: Page, next = "次へ"): Promise<void> {
  await page.getByRole("button", { name: next }).click();
  const ticket = page.locator("iframe[title=受付票]");
  for (let step = 0; step < 15; step++) {
    const prompt = page.locator("#question-prompt");
    await Promise.race([ticket.waitFor(), prompt.waitFor()]);
    if (await ticket.count()) return;
    const text = await prompt.textContent();
    await page.getByRole("group").getByRole("button").first().click();
    // The next question (or the ticket) replaces this one.
    await page.waitForFunction(
      (previous) =>
        document.querySelector("iframe[title=受付票]") !== null ||
        document.querySelector("#question-prompt")?.textContent !== previous,
      text,
    );
  }
  await ticket.waitFor();
}
