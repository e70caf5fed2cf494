import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { answerCounterQuestions, kioskTablet } from "../support/kiosk.js";
import { catalogOf } from "../support/patient-language.js";
import { callApi, demoIdToken } from "../support/session.js";

/*
 * docs/rules.md#every-patient at the counter: a Vietnamese patient chooses Tiếng Việt on the kiosk's first
 * screen, goes through the questions in it to the ticket, and the kiosk is Japanese again for the next
 * patient; the reception keeps the language (staff see 「ベトナム語」).
 */
const baseUrl = inject("baseUrl");
const browser = browserPerFile();

describe("the counter kiosk in another language", () => {
  it("is chosen on the first screen, speaks it through to 確定, and is Japanese again after the reset", async () => {
    const vi = await catalogOf.vi!();
    const kiosk = await kioskTablet(browser);

    await kiosk.getByRole("button", { name: "Tiếng Việt", exact: true }).click();
    await kiosk.getByText(vi.kiosk.welcome).waitFor();
    expect(await kiosk.locator("html").getAttribute("lang")).toBe("vi");
    expect(await kiosk.getByText("いらっしゃいませ").count()).toBe(0);
    await screenshot(kiosk, "kiosk-language-vi-welcome", { fullPage: false });

    await kiosk.getByRole("button", { name: vi.kiosk.start, exact: true }).click();
    const number = (await kiosk.getByTestId("counter-number").textContent())!.trim();
    await kiosk.getByText(vi.counter.photoTitle, { exact: true }).waitFor();
    await answerCounterQuestions(kiosk, vi.common.next);
    await kiosk.getByText(vi.counter.confirmTitle, { exact: true }).waitFor();
    // the slip stays Japanese for the staff, and says the number and what to do next in Vietnamese too
    const slip = kiosk.frameLocator("iframe[title='受付票']");
    await slip.getByText("受付番号", { exact: true }).waitFor();
    const lines = slip.locator("#patient-lines");
    expect(await lines.getAttribute("lang")).toBe("vi");
    expect(await lines.innerText()).toContain(`${vi.counter.numberCaption} ${number}`);
    expect(await lines.innerText()).toContain(vi.guidance.counter);
    await screenshot(kiosk, "kiosk-language-vi-confirm", { fullPage: false });
    await kiosk.getByRole("button", { name: vi.counter.confirm, exact: true }).click();
    await kiosk.getByText(vi.counter.doneTitle).waitFor();
    await screenshot(kiosk, "kiosk-language-vi-done", { fullPage: false });

    // the reception keeps the patient's language; its answers are the contract's values, shown to staff in Japanese
    const token = await demoIdToken(baseUrl);
    const { receptions } = await callApi<{ receptions: { receptionNumber: number; patientLanguage: string }[] }>(
      baseUrl,
      token,
      "GET",
      "/api/reception",
    );
    expect(receptions.find((reception) => reception.receptionNumber === Number(number))?.patientLanguage).toBe("vi");

    await kiosk.getByRole("button", { name: vi.counter.backToStart }).click();
    await kiosk.getByText("いらっしゃいませ").waitFor();
    expect(await kiosk.locator("html").getAttribute("lang")).toBe("ja");
    expect(await kiosk.getByRole("button", { name: "日本語", exact: true }).getAttribute("aria-pressed")).toBe("true");
  });
});
