import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { launchBrowser } from "./browser.js";
import { tabletContext } from "./session.js";

/** How a context is made: `tabletContext`, `phoneContext`, or a viewport of a test's own through `newAppContext`. */
type ContextPreset = (browser: Browser, baseUrl: string) => Promise<BrowserContext>;

export interface FileBrowser {
  readonly browser: Browser;
  /** A new context (a tablet unless told), closed after the test. */
  context(preset?: ContextPreset): Promise<BrowserContext>;
  /** A page in a new context (a tablet unless told), closed after the test. */
  page(preset?: ContextPreset): Promise<Page>;
}

/** One browser for the test file, closed after it; every context a test opens is closed after that test. */
export function browserPerFile(): FileBrowser {
  const baseUrl = inject("baseUrl");
  const contexts: BrowserContext[] = [];
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(() => launched?.close());
  const fixture: FileBrowser = {
    get browser() {
      if (!launched) throw new Error("the browser is launched in beforeAll");
      return launched;
    },
    async context(preset = tabletContext) {
      const context = await preset(fixture.browser, baseUrl);
      contexts.push(context);
      return context;
    },
    async page(preset = tabletContext) {
      return (await fixture.context(preset)).newPage();
    },
  };
  return fixture;
}
