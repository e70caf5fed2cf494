import type { Page } from "playwright-core";
import { chooseFromHeaderMenu } from "./header-menu.js";

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
