import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";
import { stubTicketPrint } from "../support/ticket-print.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const MM_IN_PT = 72 / 25.4;

let idToken: string;

beforeAll(async () => {
  idToken = await demoIdToken(baseUrl);
});

/** The page size (in mm) Chromium prints the HTML on, read from the PDF's first MediaBox. */
async function printedPageSize(page: Page, html: string): Promise<{ width: number; height: number }> {
  await page.setContent(html);
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf);
  if (!box) throw new Error("no MediaBox in the PDF");
  return { width: Number(box[1]) / MM_IN_PT, height: Number(box[2]) / MM_IN_PT };
}

describe("the reception ticket", () => {
  it("prints 80 mm wide, as long as the ticket, with the branch's phone; 「テスト印刷」 in the settings prints it", async () => {
    const context = await browser.context(tabletContext);
    await context.addInitScript(stubTicketPrint);
    const page = await context.newPage();
    await signInThroughForm(page, "/settings/general-settings/");

    await page.getByRole("button", { name: "テスト印刷" }).click();
    const dialog = page.getByRole("dialog", { name: "テスト印刷" });
    const frame = dialog.frameLocator("iframe[title=受付票]");
    await frame.getByText("テスト印刷").waitFor();
    const pharmacy = await callApi<{ phone: string }>(baseUrl, idToken, "GET", "/api/pharmacy");
    await frame.getByText(`TEL ${pharmacy.phone}`).waitFor();
    await screenshot(page, "settings-test-print", { fullPage: false });
    await dialog.getByRole("button", { name: "印刷する" }).click();
    expect(await page.evaluate(() => window.__ticketPrints)).toBe(1);

    // What the printer receives: the frame's document as print() left it, on a page fitted to it.
    const printed = await page
      .locator("iframe[title=受付票]")
      .evaluate((element: HTMLIFrameElement) => element.contentDocument!.documentElement.outerHTML);
    const pdfPage = await context.newPage();
    const fitted = await printedPageSize(pdfPage, printed);
    expect(fitted.width).toBeCloseTo(80, 0);
    expect(fitted.height).toBeLessThan(160);
    // The server's HTML on its own (printed without the app) is 80 mm wide too, never Letter or A4.
    const served = await printedPageSize(
      pdfPage,
      await callApi<string>(baseUrl, idToken, "GET", "/api/reception/test_ticket"),
    );
    expect(served.width).toBeCloseTo(80, 0);
  });
});
