import path from "node:path";
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "../support/axe.js";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, phoneContext } from "../support/session.js";
import { nextStep, visitorOnPublicPage, consentToPhotosIfAsked } from "../support/web-form.js";

/** Issue 21 items 2–6: what a patient's phone still met on the public page. */
const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");
/** The status page polls every 10 s: allow two rounds. */
const STATUS_TIMEOUT_MS = 25_000;

let idToken: string;
let publicSlug: string;

beforeAll(async () => {
  idToken = await demoIdToken(baseUrl);
  ({ publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, idToken, "GET", "/api/pharmacy"));
});

const stepCount = (page: Page, text: string) =>
  page.getByTestId("step-count").getByText(text, { exact: true }).waitFor();

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

describe("the phone's Back button, a reload and leaving (item 2)", () => {
  it("gives each step a history entry, keeps the step, the answers and the photo over a reload, and asks before leaving with a photo", async () => {
    const page = await visitorOnPublicPage(browser, publicSlug);
    await page.getByRole("radio", { name: "紙の処方箋" }).click();
    await page.getByTestId("photo-file-input").setInputFiles(PHOTO);
    await page.getByText("1 / 5枚").waitFor();
    await nextStep(page, "2 / 5");
    await page.getByRole("radio", { name: "いいえ" }).first().click();

    // Back goes to step 1 with its answer and photo; Forward comes back to step 2.
    await page.goBack();
    await stepCount(page, "1 / 5");
    expect(await page.getByRole("radio", { name: "紙の処方箋" }).getAttribute("aria-checked")).toBe("true");
    await page.getByText("1 / 5枚").waitFor();
    await page.goForward();
    await stepCount(page, "2 / 5");
    expect(new URL(page.url()).pathname).toBe(`/web/${publicSlug}`);

    // A reload keeps the step, the answers and the photo (IndexedDB); leaving with a photo chosen asks first.
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(dialogs).toEqual(["beforeunload"]);
    await stepCount(page, "2 / 5");
    expect(await page.getByRole("radio", { name: "いいえ" }).first().getAttribute("aria-checked")).toBe("true");
    await page.getByRole("button", { name: "戻る" }).click();
    await stepCount(page, "1 / 5");
    await page.getByRole("list", { name: "選んだ写真" }).getByRole("img").waitFor();
    await page.getByText("1 / 5枚").waitFor();
  });

  it("asks for the photo again when the browser could not keep it", async () => {
    const page = await visitorOnPublicPage(browser, publicSlug);
    await page.getByRole("radio", { name: "紙の処方箋" }).click();
    await page.getByTestId("photo-file-input").setInputFiles(PHOTO);
    await page.getByText("1 / 5枚").waitFor();
    await nextStep(page, "2 / 5");
    // As a browser that keeps nothing in IndexedDB (private mode on some phones).
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const request = indexedDB.deleteDatabase("web-form-photos");
          request.onsuccess = request.onerror = request.onblocked = resolve;
        }),
    );
    await page.context().addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined }));
    page.on("dialog", (dialog) => void dialog.accept());
    await page.reload({ waitUntil: "domcontentloaded" });
    await stepCount(page, "1 / 5");
    await page.getByText("写真をもう一度選んでください").waitFor();
    expect(await page.getByRole("radio", { name: "紙の処方箋" }).getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "public-photo-asked-again", { fullPage: false });
    await expectNoSeriousViolations(page);
  });
});

describe("the questionnaire link (item 3)", () => {
  it("offers 「スマートフォンで入力」 only when the branch has a questionnaire URL", async () => {
    const before = await callApi<{ webQuestionnaireUrl?: string }>(baseUrl, idToken, "GET", "/api/pharmacy");
    await callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", { webQuestionnaireUrl: "" });
    try {
      const page = await visitorOnPublicPage(browser, publicSlug);
      await page.getByRole("radio", { name: "電子処方箋" }).click();
      await page.getByRole("radio", { name: "マイナ保険証" }).click();
      await nextStep(page, "2 / 5");
      await page.getByRole("radio", { name: "はい" }).first().click();
      await page.getByText("問診票の記入方法を選んでください").waitFor();
      await page.getByRole("radio", { name: "紙に記入" }).waitFor();
      expect(await page.getByRole("radio", { name: "スマートフォンで入力" }).count()).toBe(0);
      await screenshot(page, "public-questionnaire-paper-only", { fullPage: false });

      // With a URL, choosing it shows the link and its QR again on the done screen.
      await callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", { webQuestionnaireUrl: "https://example.jp/monshin" });
      const withLink = await visitorOnPublicPage(browser, publicSlug);
      await withLink.getByRole("radio", { name: "電子処方箋" }).click();
      await withLink.getByRole("radio", { name: "マイナ保険証" }).click();
      await nextStep(withLink, "2 / 5");
      await withLink.getByRole("radio", { name: "はい" }).first().click();
      await withLink.getByRole("radio", { name: "スマートフォンで入力" }).click();
      await nextStep(withLink, "3 / 5");
      await withLink.getByRole("radio", { name: "店内で待つ" }).click();
      await nextStep(withLink, "4 / 4");
      await withLink.getByLabel("お名前（フリガナ）").fill("モンシン テスト");
      await withLink.getByLabel("電話番号", { exact: true }).fill("09077778888");
      await consentToPhotosIfAsked(withLink);
      await withLink.getByRole("button", { name: "この内容で受付する" }).click();
      await withLink.getByText("受付が完了しました").waitFor();
      expect(await withLink.getByRole("link", { name: "Web問診票を開く" }).getAttribute("href")).toBe(
        "https://example.jp/monshin",
      );
      await withLink.getByRole("img", { name: "Web問診票のQRコード" }).locator("svg").waitFor();
      await screenshot(withLink, "public-done-questionnaire");
      await expectNoSeriousViolations(withLink);
    } finally {
      await callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", {
        webQuestionnaireUrl: before.webQuestionnaireUrl ?? "",
      });
    }
  });
});

describe("the photo re-request on the status page (item 4)", () => {
  it("is brought into view when it appears while the visitor is scrolled down, and the phone vibrates", async () => {
    const form = new FormData();
    form.append("patientName", "サイソウ テスト");
    form.append("phone", "09033334444");
    form.append("answers", JSON.stringify({ prescriptionType: "Paper", firstVisit: "no", receiveMethod: "Pharmacy" }));
    form.append("photoConsent", "true");
    form.append("file", new Blob([await readFile(PHOTO)], { type: "image/jpeg" }), "prescription.jpg");
    const sent = await fetch(`${baseUrl}/api/public/pharmacy/${publicSlug}/reception`, { method: "POST", body: form });
    expect(sent.status).toBe(201);
    const { statusToken, receptionNumber } = (await sent.json()) as { statusToken: string; receptionNumber: number };

    const context = await browser.context(phoneContext);
    await context.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { vibrations: unknown[] }).vibrations = calls;
      navigator.vibrate = ((pattern: unknown) => {
        calls.push(pattern);
        return true;
      }) as Navigator["vibrate"];
    });
    const page = await context.newPage();
    await page.goto(`/web/status/${statusToken}`);
    await page.getByTestId("reception-status").waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);

    const { receptions } = await callApi<{ receptions: { id: string; receptionNumber: number }[] }>(
      baseUrl,
      idToken,
      "GET",
      "/api/reception",
    );
    const reception = receptions.find((candidate) => candidate.receptionNumber === receptionNumber)!;
    await callApi(baseUrl, idToken, "POST", `/api/reception/${reception.id}/photo_request`, { reason: "Blurry" });
    const title = page.getByRole("heading", { name: "処方箋の写真をもう一度お送りください" });
    await title.waitFor({ timeout: STATUS_TIMEOUT_MS });
    await expect.poll(() => title.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(300);
    expect(await title.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations.length)).toBe(1);
    await screenshot(page, "public-status-photo-request-in-view", { fullPage: false });
    await expectNoSeriousViolations(page);
  });
});

/** Whether every character of `word` inside `selector`'s text sits on one line. */
function wordOnOneLine(page: Page, selector: string, word: string): Promise<boolean> {
  return page.evaluate(
    ({ selector, word }) => {
      const element = [...document.querySelectorAll(selector)].find((candidate) =>
        candidate.textContent?.includes(word),
      );
      const walker = document.createTreeWalker(element!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(word);
        if (at < 0) continue;
        const tops = new Set<number>();
        for (let index = at; index < at + word.length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          tops.add(Math.round(range.getBoundingClientRect().top));
        }
        return tops.size === 1;
      }
      throw new Error(`${word} not found in ${selector}`);
    },
    { selector, word },
  );
}

describe("words and names (item 5)", () => {
  it("never breaks a word in two at 375 px, and keeps a name typed in hiragana in katakana", async () => {
    const page = await visitorOnPublicPage(browser, publicSlug);
    await page.getByRole("radio", { name: "紙の処方箋" }).click();
    expect(await page.evaluate(() => getComputedStyle(document.body).wordBreak)).toMatch(/auto-phrase|keep-all/);
    expect(await wordOnOneLine(page, "button", "撮影")).toBe(true);
    expect(await wordOnOneLine(page, "[role=radio]", "持っていない")).toBe(true);
    expect(await wordOnOneLine(page, "p", "撮影してください")).toBe(true);
    await screenshot(page, "public-step-1-words", { fullPage: false });

    await page.getByTestId("photo-file-input").setInputFiles(PHOTO);
    await page.getByText("1 / 5枚").waitFor();
    await nextStep(page, "2 / 5");
    await page.getByRole("radio", { name: "いいえ" }).first().click();
    await nextStep(page, "3 / 5");
    await page.getByRole("radio", { name: "店内で待つ" }).click();
    await nextStep(page, "4 / 4");
    const name = page.getByLabel("お名前（フリガナ）");
    expect(await name.getAttribute("placeholder")).toBe("ヤマダ ハナコ");
    await name.fill("ひらがな はなこ");
    await page.getByLabel("電話番号", { exact: true }).fill("09055556666");
    await consentToPhotosIfAsked(page);
    await page.getByRole("button", { name: "この内容で受付する" }).click();
    const number = Number(await page.getByTestId("reception-number").textContent());
    const { receptions } = await callApi<{ receptions: { receptionNumber: number; patientName?: string }[] }>(
      baseUrl,
      idToken,
      "GET",
      "/api/reception",
    );
    expect(receptions.find((reception) => reception.receptionNumber === number)?.patientName).toBe("ヒラガナ ハナコ");
  });
});

describe("the week's hours (item 6)", () => {
  it("lists the year-end closed days the API returns, a month ahead", async () => {
    const hours = await callApi<{ closedDates: string[] }>(baseUrl, idToken, "GET", "/api/business_hours");
    const yearEnd = ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"];
    await callApi(baseUrl, idToken, "PUT", "/api/business_hours", {
      ...hours,
      closedDates: [...new Set([...hours.closedDates, ...yearEnd])].sort(),
    });
    try {
      const page = await visitorOnPublicPage(browser, publicSlug);
      const closed = page.locator("#branch-info");
      for (const day of ["12月29日", "12月31日", "1月3日"])
        await closed.getByText(day, { exact: false }).first().waitFor();
      await closed.scrollIntoViewIfNeeded();
      await screenshot(page, "public-hours-closed-days");
      await expectNoSeriousViolations(page);
    } finally {
      await callApi(baseUrl, idToken, "PUT", "/api/business_hours", hours);
    }
  });
});
