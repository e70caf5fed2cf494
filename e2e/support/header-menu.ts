import type { Locator, Page } from "playwright-core";

/**
 * Opens the header menu (the button naming the signed-in person) on the main screen, once it is up (its
 * live list connected), chooses `menuItem` and waits for `shown`.
 */
export async function chooseFromHeaderMenu(page: Page, menuItem: string, shown: Locator): Promise<void> {
  await page.getByText("自動更新中").waitFor();
  await page
    .getByRole("button", { name: /管理者|スタッフ/ })
    .first()
    .click();
  await page.getByRole("menuitem", { name: menuItem }).click();
  await shown.waitFor();
}
