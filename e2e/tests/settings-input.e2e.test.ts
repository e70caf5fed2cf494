import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, signInThroughForm } from "../support/session.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();

let idToken: string;
let page: Page;

beforeAll(async () => {
  idToken = await demoIdToken(baseUrl);
});

async function signedIn(path: string) {
  page = await browser.page();
  await signInThroughForm(page, path);
}

const fieldError = (text: string) => page.locator(".ant-form-item-explain-error").getByText(text, { exact: true });

describe("settings forms speak plainly", () => {
  it("a cleared or blank ticket message asks for one, in Japanese", async () => {
    await signedIn("/settings/general-settings/");
    await page.getByRole("radio", { name: "この店舗で変更する" }).check();
    const message = page.getByLabel("受付票のメッセージ");
    await message.fill("");
    await page.getByRole("button", { name: "保存する" }).click();
    await fieldError("受付票のメッセージを入力してください").waitFor();
    expect(await page.getByText(/無効な入力|expected/).count()).toBe(0);
    await screenshot(page, "settings-ticket-message-empty");
    await message.fill("   ");
    await page.getByRole("button", { name: "保存する" }).click();
    await fieldError("受付票のメッセージを入力してください").waitFor();
  });

  it("takes full-width digits in the start number and the FAX number, and names the FAX number when it is wrong", async () => {
    const before = await callApi<{ receptionStartNumber: number; fax?: string }>(
      baseUrl,
      idToken,
      "GET",
      "/api/pharmacy",
    );
    try {
      await signedIn("/settings/reception-start-number/");
      const startNumber = page.getByLabel("毎日の最初の受付番号");
      await startNumber.fill("１２");
      await page.getByRole("button", { name: "保存する" }).click();
      await page.locator(".ant-message").getByText("保存しました", { exact: false }).waitFor();
      expect(
        (await callApi<{ receptionStartNumber: number }>(baseUrl, idToken, "GET", "/api/pharmacy"))
          .receptionStartNumber,
      ).toBe(12);

      await page.goto("/settings/branch-info/");
      const fax = page.getByLabel("FAX番号（任意）");
      await fax.fill("０３ー１２３４ー５６７９");
      expect(await fax.inputValue()).toBe("03-1234-5679");
      await fax.fill("abc");
      await page.getByRole("button", { name: "保存する" }).click();
      await fieldError("FAX番号は数字とハイフンで入力してください（例: 03-1234-5679）").waitFor();
      await screenshot(page, "settings-fax-error");
    } finally {
      await callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", { receptionStartNumber: before.receptionStartNumber });
    }
  });
});
