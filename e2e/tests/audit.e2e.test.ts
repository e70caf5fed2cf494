import { describe, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, signInThroughForm } from "../support/session.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();

describe("操作履歴", () => {
  it("lists the opening of a reception with who opened it and its number", async () => {
    const idToken = await demoIdToken(baseUrl);
    const reception = await callApi<{ id: string; receptionNumber: number }>(
      baseUrl,
      idToken,
      "POST",
      "/api/reception",
    );
    await callApi(baseUrl, idToken, "GET", `/api/reception/${reception.id}`);

    const page = await browser.page();
    await signInThroughForm(page, "/audit");
    await page.getByRole("heading", { name: "操作履歴" }).waitFor();
    const opened = page.getByRole("row", {
      name: new RegExp(`受付を表示.*受付番号 ${reception.receptionNumber}(?!\\d)`),
    });
    await opened.first().waitFor();
    await opened.first().getByText("demo@example.com").waitFor();
    await screenshot(page, "audit", { fullPage: false });
  });
});
