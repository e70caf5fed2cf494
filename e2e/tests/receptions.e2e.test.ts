import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { jpegSize, largePhoto } from "../support/large-photo.js";
import { demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";
import { stubTicketPrint } from "../support/ticket-print.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");

/** A tablet-sized browser signed in as the demo branch, on the main screen with live updates on. */
async function signedInPage(url = "/"): Promise<Page> {
  const context = await browser.context(tabletContext);
  await context.addInitScript(stubTicketPrint);
  const page = await context.newPage();
  await signInThroughForm(page, url);
  await page.getByText("自動更新中").waitFor();
  return page;
}

const row = (page: Page, number: string) => page.locator(`tr[data-reception-number="${number}"]`);

async function api<T>(
  idToken: string,
  method: string,
  url: string,
  body?: BodyInit,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${idToken}`, ...headers },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

interface ApiReception {
  id: string;
  receptionNumber: number;
  partitionNumber: number;
}

async function photoForm(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([await readFile(PHOTO)], { type: "image/jpeg" }), "prescription.jpg");
  return form;
}

describe("the main reception screen", () => {
  it("takes a counter reception from photo to printed ticket; a second screen sees it live and completes it", async () => {
    // A first-time patient who fills in the questionnaire on the web gets its QR code at the end.
    const questionnaireUrl = "https://example.jp/monshin";
    await api(
      await demoIdToken(baseUrl),
      "PATCH",
      "/api/pharmacy",
      JSON.stringify({ webQuestionnaireUrl: questionnaireUrl }),
      { "content-type": "application/json" },
    );
    const staff = await signedInPage();
    const counter = await signedInPage();
    await screenshot(counter, "receptions-list");

    await counter.getByRole("button", { name: "受付する" }).click();
    const number = (await counter.getByTestId("counter-number").textContent())!.trim();
    expect(number).toMatch(/^\d+$/);
    // The new number reaches the other screen at once, without a reload.
    await row(staff, number).waitFor();
    await screenshot(counter, "counter-photos-empty");

    await counter.getByTestId("camera-input").setInputFiles(PHOTO);
    await counter.getByText("送信しました").waitFor();
    await screenshot(counter, "counter-photos");
    await counter.getByRole("button", { name: "次へ" }).click();

    const steps: [prompt: string, answer: string | "skip" | "first", shot?: string][] = [
      ["処方箋の種類を選んでください", "紙の処方箋", "counter-question-prescription-type"],
      ["当薬局のご利用は初めてですか", "はい"],
      ["問診票の記入方法を選んでください", "スマートフォンで入力"],
      ["お薬手帳をお持ちですか", "skip", "counter-question-optional"],
      ["ジェネリック医薬品を希望しますか", "希望する"],
      ["ご自宅に飲み残しのお薬はありますか", "ない"],
      ["お薬の受け取り方法を選んでください", "後で取りに来る", "counter-question-receive-method"],
      ["ご来局予定日を選んでください", "first", "counter-question-return-date"],
      ["ご来局予定の時間帯を選んでください", "first", "counter-question-return-period"],
    ];
    for (const [prompt, answer, shot] of steps) {
      await counter.getByRole("heading", { name: prompt }).waitFor();
      if (shot) await screenshot(counter, shot);
      if (answer === "skip") await counter.getByRole("button", { name: "スキップ" }).click();
      else if (answer === "first") await counter.getByRole("group").getByRole("button").first().click();
      else await counter.getByRole("button", { name: answer, exact: true }).click();
    }

    const ticket = counter.frameLocator("iframe[title=受付票]");
    await ticket.getByText("後で取りに来る").waitFor();
    expect(await ticket.getByText(number, { exact: true }).isVisible()).toBe(true);
    await screenshot(counter, "counter-preview");

    await counter.getByRole("button", { name: "確定" }).click();
    await counter.getByTestId("done-number").waitFor();
    expect(await counter.getByTestId("done-number").textContent()).toBe(number);
    await counter.getByText("Web問診票にご記入ください", { exact: false }).waitFor();
    await counter.getByRole("button", { name: "受付票を印刷" }).click();
    expect(await counter.evaluate(() => window.__ticketPrints)).toBe(1);
    await screenshot(counter, "counter-done");
    await counter.getByRole("button", { name: "受付一覧に戻る" }).click();
    await row(counter, number).getByText("未確認").waitFor();

    // The staff screen got the photo and the answers live too; opening the reception makes it 確認中.
    await row(staff, number).getByText("後で取りに来る").waitFor();
    await row(staff, number).click();
    await staff.getByRole("button", { name: "調剤中にする" }).waitFor();
    await staff.getByRole("img", { name: "処方箋 1" }).waitFor();
    await expect
      .poll(() =>
        staff
          .getByRole("img", { name: "処方箋 1" })
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    await row(counter, number).getByText("確認中").waitFor();
    await screenshot(staff, "reception-detail");
    // the panel shows the thumbnail (480 px on the long side); zooming fetches and shows the whole photo
    const photo = staff.getByRole("img", { name: "処方箋 1" });
    expect(await photo.evaluate((image: HTMLImageElement) => Math.max(image.naturalWidth, image.naturalHeight))).toBe(
      480,
    );
    await photo.click();
    const zoomed = staff.locator(".ant-image-preview-img");
    await expect
      .poll(() => zoomed.evaluate((image: HTMLImageElement) => Math.max(image.naturalWidth, image.naturalHeight)))
      .toBeGreaterThan(480);
    await screenshot(staff, "reception-detail-zoomed");
    await staff.keyboard.press("Escape");
    await zoomed.waitFor({ state: "hidden" });

    await staff.getByRole("button", { name: "調剤中にする" }).click();
    await staff.getByRole("button", { name: "完了にする" }).click();
    await staff.getByRole("button", { name: "調剤中に戻す" }).waitFor();
    await row(counter, number).getByText("完了").waitFor();
    await staff.getByText("（調剤中 → 完了）").scrollIntoViewIfNeeded();
    await screenshot(staff, "reception-detail-history");
    await screenshot(counter, "receptions-list-completed-live");
  });

  it("sends a grainy 12-megapixel counter photo at most 2,400 px long and 850 KB", async () => {
    const counter = await signedInPage();
    await counter.getByRole("button", { name: "受付する" }).click();
    const number = Number(await counter.getByTestId("counter-number").textContent());
    await counter
      .getByTestId("file-input")
      .setInputFiles({ name: "IMG_4000.jpg", mimeType: "image/jpeg", buffer: await largePhoto() });
    await counter.getByText("送信しました").waitFor();
    const idToken = await demoIdToken(baseUrl);
    const { receptions } = await api<{
      receptions: { receptionNumber: number; prescriptions: { fileId?: string }[] }[];
    }>(idToken, "GET", "/api/reception");
    const fileId = receptions.find((reception) => reception.receptionNumber === number)!.prescriptions[0]!.fileId!;
    const stored = Buffer.from(
      await (
        await fetch(`${baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${idToken}` } })
      ).arrayBuffer(),
    );
    expect(Math.max(jpegSize(stored).width, jpegSize(stored).height)).toBeLessThanOrEqual(2400);
    expect(stored.length).toBeLessThanOrEqual(850_000);
  });

  it("announces and highlights a Web reception that arrives while the list is open", async () => {
    const page = await signedInPage();
    const idToken = await demoIdToken(baseUrl);
    const { publicSlug } = await api<{ publicSlug: string }>(idToken, "GET", "/api/pharmacy");
    const form = await photoForm({
      patientName: "サトウ イチロウ",
      phone: "09011112222",
      answers: JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }),
      // the visitor's consent to the photo's use; staff uploads below take none (docs/rules.md#notice-and-consent)
      photoConsent: "true",
    });
    const response = await fetch(`${baseUrl}/api/public/pharmacy/${publicSlug}/reception`, {
      method: "POST",
      body: form,
    });
    expect(response.status).toBe(201);
    const { receptionNumber } = (await response.json()) as { receptionNumber: number };

    await page.getByText("Web受付が届きました").waitFor();
    await row(page, String(receptionNumber)).getByText("新着").waitFor();
    await screenshot(page, "web-reception-arrived");
    // Opening it clears the highlight.
    await row(page, String(receptionNumber)).click();
    await page.getByRole("button", { name: "調剤中にする" }).waitFor();
    expect(await row(page, String(receptionNumber)).getByText("新着").count()).toBe(0);
  });

  it("splits a prescription into its own partition and merges it back; receptionId pre-selects", async () => {
    const idToken = await demoIdToken(baseUrl);
    const reception = await api<ApiReception>(idToken, "POST", "/api/reception");
    for (let i = 0; i < 2; i++) {
      await api(idToken, "POST", "/api/file", await photoForm({ receptionId: reception.id }));
    }
    const number = String(reception.receptionNumber);

    const page = await signedInPage(`/?receptionId=${reception.id}`);
    await page.getByTestId("detail-number").getByText(number, { exact: true }).waitFor();
    await page.getByRole("button", { name: "処方箋 2を分割" }).click();
    // Nothing moves before the confirmation.
    await page.getByText(`処方箋 2を ${number}-2 に分けますか？`).waitFor();
    expect(await row(page, `${number}-2`).count()).toBe(0);
    await screenshot(page, "reception-split-confirm");
    await page.getByRole("button", { name: "分割する" }).click();
    await row(page, `${number}-1`).waitFor();
    await row(page, `${number}-2`).waitFor();
    expect(await page.getByTestId("detail-number").textContent()).toBe(`${number}-1`);
    await screenshot(page, "reception-split");

    await page.keyboard.press("Escape");
    await row(page, `${number}-2`).click();
    await page.getByTestId("detail-number").getByText(`${number}-2`).waitFor();
    expect(new URL(page.url()).searchParams.get("receptionId")).not.toBe(reception.id);
    await page.getByRole("button", { name: "処方箋 1をまとめる" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "まとめる" }).click();
    // The emptied partition goes away and the lone number is back to "12".
    await row(page, number).waitFor();
    await page.getByTestId("detail-number").getByText(number, { exact: true }).waitFor();
    expect(await row(page, `${number}-2`).count()).toBe(0);
  });

  it("removes a wrong prescription from a reception after a confirmation", async () => {
    const idToken = await demoIdToken(baseUrl);
    const reception = await api<ApiReception>(idToken, "POST", "/api/reception");
    for (let i = 0; i < 2; i++) {
      await api(idToken, "POST", "/api/file", await photoForm({ receptionId: reception.id }));
    }
    const page = await signedInPage(`/?receptionId=${reception.id}`);
    await page.getByRole("button", { name: "処方箋 2を削除" }).click();
    await page.getByRole("button", { name: "削除する" }).click();
    await page.getByText("処方箋を削除しました").waitFor();
    await page.getByRole("button", { name: "処方箋 2を削除" }).waitFor({ state: "detached" });
    const after = await api<{ prescriptions: unknown[] }>(idToken, "GET", `/api/reception/${reception.id}`);
    expect(after.prescriptions).toHaveLength(1);
  });

  it("cancelling the counter flow deletes the unfinished reception", async () => {
    const page = await signedInPage();
    await page.getByRole("button", { name: "受付する" }).click();
    const number = (await page.getByTestId("counter-number").textContent())!.trim();
    await page.getByRole("button", { name: "キャンセル" }).click();
    const confirm = page.getByRole("dialog", { name: "受付を中止しますか？" });
    await confirm.waitFor();
    await screenshot(page, "counter-cancel-confirm");
    await confirm.getByRole("button", { name: "中止する" }).click();
    await page.getByText("受付を中止しました").waitFor();
    await page.getByRole("button", { name: "受付する" }).waitFor();
    const idToken = await demoIdToken(baseUrl);
    const list = await api<{ receptions: ApiReception[] }>(idToken, "GET", "/api/reception");
    expect(list.receptions.some((reception) => String(reception.receptionNumber) === number)).toBe(false);
    expect(await row(page, number).count()).toBe(0);
  });

  it("asks only the enabled questions and prints the ticket by itself when the branch says so", async () => {
    const idToken = await demoIdToken(baseUrl);
    const json = { "content-type": "application/json" };
    const saved = await api<{ questions: { reception: { key: string; enabled: boolean; order: number }[] } }>(
      idToken,
      "GET",
      "/api/app_settings",
    );
    const onlyTwo = {
      ...saved,
      autoPrintTicket: true,
      // the branch's own questions, not its organisation's
      ownQuestions: true,
      questions: {
        ...saved.questions,
        // Other test files reorder the questions of the same demo branch: put these two first, in this order.
        reception: saved.questions.reception.map((question) => ({
          ...question,
          enabled: ["prescriptionType", "receiveMethod"].includes(question.key),
          order: ["prescriptionType", "receiveMethod"].includes(question.key)
            ? ["prescriptionType", "receiveMethod"].indexOf(question.key)
            : question.order + 2,
        })),
      },
    };
    await api(idToken, "PUT", "/api/app_settings", JSON.stringify(onlyTwo), json);
    try {
      const page = await signedInPage();
      await page.getByRole("button", { name: "受付する" }).click();
      await page.getByRole("button", { name: "次へ" }).click();
      await page.getByRole("heading", { name: "処方箋の種類を選んでください" }).waitFor();
      expect(await page.getByText("残り2問").isVisible()).toBe(true);
      await page.getByRole("button", { name: "処方箋を忘れた", exact: true }).click();
      await page.getByRole("heading", { name: "お薬の受け取り方法を選んでください" }).waitFor();
      expect(await page.getByText("最後の質問").isVisible()).toBe(true);
      await page.getByRole("button", { name: "店内で待つ", exact: true }).click();
      await page.frameLocator("iframe[title=受付票]").getByText("処方箋を忘れた").waitFor();
      await page.getByRole("button", { name: "確定" }).click();
      await page.getByTestId("done-number").waitFor();
      expect(await page.evaluate(() => window.__ticketPrints)).toBe(1);
    } finally {
      await api(idToken, "PUT", "/api/app_settings", JSON.stringify(saved), json);
    }
  });

  it("shows a past day on its own, without the counter button", async () => {
    const page = await signedInPage("/?date=2020-01-06");
    await page.getByText("2020年01月06日（月）").waitFor();
    await page.getByText("この日の受付はありません").waitFor();
    expect(await page.getByText("過去の受付").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "受付する" }).count()).toBe(0);
    await screenshot(page, "receptions-past-day-empty");
    await page.getByRole("button", { name: "本日に戻る" }).click();
    await page.getByRole("button", { name: "受付する" }).waitFor();
    expect(new URL(page.url()).searchParams.get("date")).toBeNull();
  });

  it("lists the days with receptions under showDates", async () => {
    const page = await signedInPage("/?showDates=true");
    const drawer = page.getByRole("dialog", { name: "受付日を選ぶ" });
    await drawer.getByText("本日").waitFor();
    await screenshot(page, "reception-dates");
    await drawer.getByRole("button").filter({ hasText: "本日" }).click();
    await drawer.waitFor({ state: "hidden" });
    expect(new URL(page.url()).searchParams.get("showDates")).toBeNull();
  });
});
