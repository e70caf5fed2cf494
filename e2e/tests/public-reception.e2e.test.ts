import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { demoIdToken, phoneContext, signInThroughForm, tabletContext } from "../support/session.js";
import { nextStep, consentToPhotosIfAsked } from "../support/web-form.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");
/** The status page polls every 10 s: allow two rounds. */
const STATUS_TIMEOUT_MS = 25_000;

let publicSlug: string;
let staffToken: string;
let originalPharmacy: { publicSlug: string; notice?: string; webQuestionnaireUrl?: string };

async function patchPharmacy(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/api/pharmacy`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${staffToken}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`PATCH /api/pharmacy: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  staffToken = await demoIdToken(baseUrl);
  const pharmacy = await fetch(`${baseUrl}/api/pharmacy`, { headers: { authorization: `Bearer ${staffToken}` } });
  originalPharmacy = (await pharmacy.json()) as typeof originalPharmacy;
  publicSlug = originalPharmacy.publicSlug;
});

/** A visitor's phone: 375 px wide, touch, no sign-in. */
/** The counter tablet, signed in as the demo branch, on the main reception screen. */
async function staffPage(): Promise<Page> {
  const context = await browser.context(tabletContext);
  const page = await context.newPage();
  await signInThroughForm(page);
  return page;
}

interface StaffReception {
  id: string;
  receptionNumber: number;
  channel: string;
  patientName?: string;
  prescriptions: unknown[];
}

async function staffApi<T>(staff: Page, method: string, url: string, body?: unknown): Promise<T> {
  const idToken = await staff.evaluate(() => localStorage.getItem("id_token"));
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${idToken}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe("the public web reception", () => {
  it("a visitor sends a photo and answers, staff see it arrive live and complete it, and the visitor's status follows", async () => {
    const staff = await staffPage();
    const visitor = await browser.page(phoneContext);
    await visitor.goto(`/web/${publicSlug}`);
    await visitor.getByRole("heading", { name: "デモ薬局 本店" }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe(`/web/${publicSlug}`);
    await visitor.getByText("ただいま受付時間内です").waitFor();
    await visitor.getByRole("table").getByText("日曜日").waitFor();
    await screenshot(visitor, "public-reception");

    await visitor.getByTestId("step-count").getByText("1 / 5", { exact: true }).waitFor();
    await visitor.getByRole("radio", { name: "紙の処方箋" }).click();
    await visitor.getByTestId("photo-file-input").setInputFiles(PHOTO);
    await visitor.getByRole("list", { name: "選んだ写真" }).getByRole("img").waitFor();
    await visitor.getByText("1 / 5枚").waitFor();
    await screenshot(visitor, "public-step-1-prescription");
    await nextStep(visitor, "2 / 5");
    await visitor.getByRole("radio", { name: "いいえ" }).first().click();
    await screenshot(visitor, "public-step-2-questions");
    await nextStep(visitor, "3 / 5");
    await visitor.getByRole("radio", { name: "店内で待つ" }).click();
    await screenshot(visitor, "public-step-3-receive");
    await nextStep(visitor, "4 / 4");
    await visitor.getByLabel("お名前（フリガナ）").fill("ヤクキョク ハナコ");
    await visitor.getByLabel("電話番号", { exact: true }).fill("090-1234-5678");
    await screenshot(visitor, "public-step-4-contact");
    await consentToPhotosIfAsked(visitor);
    await visitor.getByRole("button", { name: "この内容で受付する" }).click();

    await visitor.getByText("受付が完了しました").waitFor();
    const number = (await visitor.getByTestId("reception-number").textContent())!.trim();
    expect(number).toMatch(/^\d+$/);
    await screenshot(visitor, "public-reception-done");

    // The staff screen lists it at once (websocket), without a reload.
    await staff.locator(`tr[data-reception-number="${number}"]`).waitFor({ timeout: 10_000 });
    const { receptions } = await staffApi<{ receptions: StaffReception[] }>(staff, "GET", "/api/reception");
    const reception = receptions.find((candidate) => candidate.receptionNumber === Number(number))!;
    expect(reception).toMatchObject({ channel: "Web", patientName: "ヤクキョク ハナコ" });
    expect(reception.prescriptions).toHaveLength(1);

    await visitor.getByRole("link", { name: "受付状況を見る" }).click();
    await visitor.waitForURL(/\/web\/status\//);
    await visitor.getByTestId("status-reception-number").getByText(number, { exact: true }).waitFor();
    await visitor.getByTestId("reception-status").getByText("受付しました").waitFor();
    await visitor.getByText("薬局にお越しの際は、窓口で受付番号をお伝えください。").waitFor();
    await screenshot(visitor, "public-status-received");

    await staffApi(staff, "PATCH", `/api/reception/${reception.id}`, { id: reception.id, status: "Dispensing" });
    await visitor.getByText("お薬を準備しています（調剤中）").waitFor({ timeout: STATUS_TIMEOUT_MS });
    await staffApi(staff, "PATCH", `/api/reception/${reception.id}`, { id: reception.id, status: "Completed" });
    await visitor.getByText("お薬をお渡しできます").waitFor({ timeout: STATUS_TIMEOUT_MS });
    await screenshot(visitor, "public-status-completed");

    // Coming back to the branch's page the same day offers the status again.
    await visitor.goto(`/web/${publicSlug}`);
    await visitor.getByText(`本日はこのスマートフォンから受付済みです（受付番号 ${number}）`).waitFor();
    await screenshot(visitor, "public-reception-revisit");
    await visitor.getByRole("link", { name: "受付状況を見る" }).click();
    await visitor.getByText("お薬をお渡しできます").waitFor();
  });

  it("checks the answers before sending and shows conditional questions only when they apply", async () => {
    // The branch's notice and web questionnaire, put back afterwards.
    await patchPharmacy({
      notice: "本日は大変混み合っています。\nお時間に余裕をもってお越しください。",
      webQuestionnaireUrl: "https://example.jp/monshin",
    });
    try {
      await checkAnswers();
    } finally {
      await patchPharmacy({
        notice: originalPharmacy.notice ?? "",
        webQuestionnaireUrl: originalPharmacy.webQuestionnaireUrl ?? "",
      });
    }
  });

  async function checkAnswers() {
    const visitor = await browser.page(phoneContext);
    await visitor.goto(`/web/${publicSlug}`);
    await visitor.getByText("本日は大変混み合っています。", { exact: false }).waitFor();
    // Each step is checked before the next: the prescription's type first, then its photo.
    await visitor.getByRole("button", { name: "次へ" }).click();
    await visitor.getByText("回答を選んでください").waitFor();
    await visitor.getByRole("radio", { name: "紙の処方箋" }).click();
    await visitor.getByText("紙の処方箋の場合は、処方箋の写真を撮影または選択してください").waitFor();
    expect(await visitor.getByText("回答を選んでください").count()).toBe(0);
    await screenshot(visitor, "public-step-1-errors", { fullPage: false });

    // Electronic asks how the patient is identified and needs no photo.
    expect(await visitor.getByText("本人確認の方法を選んでください").count()).toBe(0);
    await visitor.getByRole("radio", { name: "電子処方箋" }).click();
    await visitor.getByText("本人確認の方法を選んでください").waitFor();
    await visitor.getByRole("radio", { name: "マイナ保険証" }).click();
    await nextStep(visitor, "2 / 5");
    // The notice and today's hours stay on the first step: later steps are one short screen each.
    expect(await visitor.getByText("本日は大変混み合っています。", { exact: false }).count()).toBe(0);

    // A first visit asks about the questionnaire; choosing the web one shows the branch's link and its QR code.
    await visitor.getByRole("radio", { name: "はい" }).click();
    await visitor.getByText("問診票の記入方法を選んでください").waitFor();
    expect(await visitor.getByRole("link", { name: "Web問診票を開く" }).count()).toBe(0);
    await visitor.getByRole("radio", { name: "スマートフォンで入力", exact: true }).click();
    expect(await visitor.getByRole("link", { name: "Web問診票を開く" }).getAttribute("href")).toBe(
      "https://example.jp/monshin",
    );
    await visitor.getByRole("img", { name: "Web問診票のQRコード" }).locator("svg").waitFor();
    await nextStep(visitor, "3 / 5");

    // A later visit keeps the total: its step was counted from the start; an open day, then one of its periods.
    await visitor.getByRole("radio", { name: "後で取りに来る" }).click();
    await visitor.getByTestId("step-count").getByText("3 / 5", { exact: true }).waitFor();
    await screenshot(visitor, "public-step-3-receive-later", { fullPage: false });
    await nextStep(visitor, "4 / 5");
    const dates = visitor.getByRole("radiogroup", { name: "ご来局予定日を選んでください" }).getByRole("radio");
    await dates.first().waitFor();
    expect(await dates.count()).toBeGreaterThan(10);
    expect(await visitor.getByText("ご来局予定の時間帯を選んでください").count()).toBe(1);
    await dates.nth(1).click();
    const periods = visitor.getByRole("radiogroup", { name: "ご来局予定の時間帯を選んでください" }).getByRole("radio");
    await periods.first().waitFor();
    expect((await periods.allTextContents()).every((text) => /^\d{1,2}:\d{2}〜\d{1,2}:\d{2}$/.test(text))).toBe(true);
    await periods.first().click();
    await screenshot(visitor, "public-step-4-return-visit");
    await nextStep(visitor, "5 / 5");

    await consentToPhotosIfAsked(visitor);
    await visitor.getByRole("button", { name: "この内容で受付する" }).click();
    await visitor.getByText("お名前（フリガナ）を入力してください").waitFor();
    await visitor.getByText("電話番号を入力してください").waitFor();
    await visitor.getByLabel("お名前（フリガナ）").fill("yamada");
    await visitor.getByLabel("電話番号", { exact: true }).fill("12345");
    await visitor.getByText("お名前はカタカナまたはひらがなで入力してください").waitFor();
    await visitor.getByText("電話番号は半角数字10〜11桁で入力してください").waitFor();
    await screenshot(visitor, "public-step-5-errors", { fullPage: false });

    // Going back loses nothing: every answer is still chosen.
    await visitor.getByRole("button", { name: "戻る" }).click();
    await visitor.getByTestId("step-count").getByText("4 / 5", { exact: true }).waitFor();
    expect(await periods.first().getAttribute("aria-checked")).toBe("true");
    await visitor.getByRole("button", { name: "戻る" }).click();
    expect(await visitor.getByRole("radio", { name: "後で取りに来る" }).getAttribute("aria-checked")).toBe("true");
    await visitor.getByRole("button", { name: "戻る" }).click();
    expect(
      await visitor.getByRole("radio", { name: "スマートフォンで入力", exact: true }).getAttribute("aria-checked"),
    ).toBe("true");
    await visitor.getByRole("button", { name: "戻る" }).click();
    expect(await visitor.getByRole("radio", { name: "マイナ保険証" }).getAttribute("aria-checked")).toBe("true");
    await nextStep(visitor, "2 / 5");
    await nextStep(visitor, "3 / 5");
    await nextStep(visitor, "4 / 5");
    await nextStep(visitor, "5 / 5");
    expect(await visitor.getByLabel("お名前（フリガナ）").inputValue()).toBe("yamada");
  }

  it("shows the server's field issues next to the fields, and a Japanese message when sending too often", async () => {
    const visitor = await browser.page(phoneContext);
    await visitor.goto(`/web/${publicSlug}`);
    await visitor.getByRole("radio", { name: "電子処方箋" }).click();
    await visitor.getByRole("radio", { name: "マイナ保険証" }).click();
    await nextStep(visitor, "2 / 5");
    await nextStep(visitor, "3 / 5");
    await visitor.getByRole("radio", { name: "店内で待つ" }).click();
    await nextStep(visitor, "4 / 4");
    await visitor.getByLabel("お名前（フリガナ）").fill("ヤクキョク タロウ");
    await visitor.getByLabel("電話番号", { exact: true }).fill("09012345678");

    // The branch changed its settings while the visitor was filling in the form.
    await visitor.route("**/api/public/pharmacy/*/reception", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          message: "この受け取り方法は選べません",
          issues: [{ path: ["answers", "receiveMethod"], message: "この受け取り方法は選べません" }],
        }),
      }),
    );
    await consentToPhotosIfAsked(visitor);
    await visitor.getByRole("button", { name: "この内容で受付する" }).click();
    // The form goes back to the step of the field the server named, its message under the question.
    await visitor.getByTestId("step-count").getByText("3 / 4", { exact: true }).waitFor();
    await visitor.locator("#question-receiveMethod-error").getByText("この受け取り方法は選べません").waitFor();

    await visitor.unroute("**/api/public/pharmacy/*/reception");
    await visitor.route("**/api/public/pharmacy/*/reception", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ message: "Too Many Requests" }),
      }),
    );
    await visitor.getByRole("radio", { name: "後で取りに来る" }).click();
    await visitor.getByRole("radio", { name: "店内で待つ" }).click();
    await nextStep(visitor, "4 / 4");
    await consentToPhotosIfAsked(visitor);
    await visitor.getByRole("button", { name: "この内容で受付する" }).click();
    await visitor.getByText("送信が多すぎます。しばらくしてからお試しください").waitFor();
    await screenshot(visitor, "public-reception-too-many");
  });

  it("explains an unknown link or status in Japanese, without asking anyone to sign in", async () => {
    const visitor = await browser.page(phoneContext);
    await visitor.goto("/web/nosuchbranch1");
    await visitor.getByRole("heading", { name: "このページは見つかりません" }).waitFor();
    await visitor.getByText("最新のQRコード", { exact: false }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe("/web/nosuchbranch1");
    await screenshot(visitor, "public-reception-not-found");

    await visitor.goto(`/web/status/${"x".repeat(32)}`);
    await visitor.getByRole("heading", { name: "受付が見つかりません" }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe(`/web/status/${"x".repeat(32)}`);
    await screenshot(visitor, "public-status-not-found");
  });
});
