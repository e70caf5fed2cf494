import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "../screenshots");

/** Debian's Chromium, headless; background networking off because this machine has no outside network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

/**
 * A context as the app's people have one: in Japanese, on a device set to reduce motion. antd then
 * opens its menus and dialogs at once. With motion on, a menu or dialog can sit still at its starting
 * frame for a while under load: Playwright presses the item there, the popup then moves, the release
 * lands beside it and the click is lost (Playwright checks only where the press lands).
 */
export function newAppContext(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl, locale: "ja-JP", reducedMotion: "reduce", ...options });
}

/**
 * Waits for the page's running animations and transitions to end (endless ones, like a spinner, aside):
 * a popup still scaling measures smaller than it is, and axe reads colours mid-fade.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The whole page by default; `fullPage: false` keeps what the user sees, for a dialog over a fixed header. Taken once animations have ended. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await animationsFinished(page);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
