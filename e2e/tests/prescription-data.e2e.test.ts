import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { encodeShiftJis } from "@pharmacy/test-support/shift-jis";
import { readQrCodes } from "../support/qr-reader.js";
import { demoIdToken, phoneContext, signInThroughForm, tabletContext } from "../support/session.js";
import { nextStep, sendWebReception, consentToPhotosIfAsked } from "../support/web-form.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();
/** The server reads the code after the upload: allow it a few live rounds. */
const READ_TIMEOUT_MS = 20_000;

let staffToken: string;
let publicSlug: string;

beforeAll(async () => {
  staffToken = await demoIdToken(baseUrl);
  publicSlug = ((await (await api("GET", "/api/pharmacy")).json()) as { publicSlug: string }).publicSlug;
});

function api(method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${staffToken}`, ...headers },
    body,
  }).then(async (response) => {
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  });
}

/** YYYYMMDD of a YYYY-MM-DD, as the code writes dates. */
const compact = (date: string) => date.replaceAll("-", "");

/** Today in Tokyo, and `days` from it, as YYYY-MM-DD. */
function tokyoDate(days = 0): string {
  const date = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** The counter tablet, signed in, on the main screen with live updates on. */
async function staffPage(): Promise<Page> {
  const context = await browser.context(tabletContext);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  const page = await context.newPage();
  await signInThroughForm(page);
  await page.getByText("自動更新中").waitFor();
  return page;
}

const row = (page: Page, number: string) => page.locator(`tr[data-reception-number="${number}"]`);

/** A counter reception made through the API with one coded photo; its number. */
async function receptionWithCode(issuedOn: string): Promise<string> {
  const reception = (await (await api("POST", "/api/reception")).json()) as { id: string; receptionNumber: number };
  const form = new FormData();
  form.append("receptionId", reception.id);
  form.append("sourceType", "Paper");
  const photo = await prescriptionPhoto(samplePrescriptionPayload({ issuedOn: compact(issuedOn), rpCount: 3 }));
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "prescription.jpg");
  await api("POST", "/api/file", form);
  return String(reception.receptionNumber);
}

describe("the prescription read from its 2D code", () => {
  it("a visitor sends a photo with a code; staff see the drugs, and 「QRを表示」 draws the very payload again", async () => {
    const text = samplePrescriptionPayload({ issuedOn: compact(tokyoDate()), rpCount: 3 });
    const payload = encodeShiftJis(text);
    const photo = await prescriptionPhoto(text);
    const staff = await staffPage();

    const visitor = await browser.page(phoneContext);
    const number = await sendWebReception(visitor, {
      publicSlug,
      photo: { name: "prescription.jpg", mimeType: "image/jpeg", buffer: photo },
      name: "ニチヤク タロウ",
    });

    // The arrival notice would cover the panel in the screenshots.
    await staff.getByText("Web受付が届きました").waitFor();
    await staff.locator(".ant-notification-notice-close").click();
    await row(staff, number).click();
    const panel = staff.getByTestId("rx-panel");
    await panel.waitFor({ timeout: READ_TIMEOUT_MS });
    for (const shown of [
      "ノルバスク錠２．５ｍｇ",
      "ブロプレス錠８　８ｍｇ",
      "メトグルコ錠２５０ｍｇ",
      "１日１回朝食後",
      "日薬クリニック",
      "日薬 一郎",
      "21日分",
    ]) {
      await panel.getByText(shown, { exact: false }).first().waitFor();
    }
    await panel.getByText("ﾆﾁﾔｸ ﾀﾛｳ", { exact: false }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(staff, "rx-detail", { fullPage: false });

    await panel.getByRole("button", { name: "QRを表示" }).click();
    const canvas = staff.getByTestId("rx-qr-canvas");
    await canvas.waitFor();
    await screenshot(staff, "rx-qr-dialog", { fullPage: false });
    const codes = await readQrCodes(await canvas.screenshot());
    expect(codes).toHaveLength(1);
    expect(Buffer.from(codes[0]!.bytes).equals(Buffer.from(payload))).toBe(true);
    expect(codes[0]!.sequenceSize).toBe(-1);
  });

  it("flags 期限切れ / 本日まで / あと1日 on the list and the detail", async () => {
    const expired = await receptionWithCode(tokyoDate(-4));
    const lastDay = await receptionWithCode(tokyoDate(-3));
    const oneDayLeft = await receptionWithCode(tokyoDate(-2));
    const fresh = await receptionWithCode(tokyoDate());
    const staff = await staffPage();

    await row(staff, expired).getByTestId("row-validity").getByText("期限切れ").waitFor({ timeout: READ_TIMEOUT_MS });
    await row(staff, lastDay).getByTestId("row-validity").getByText("本日まで").waitFor();
    await row(staff, oneDayLeft).getByTestId("row-validity").getByText("あと1日").waitFor();
    await row(staff, fresh).getByText("QR読取").waitFor();
    expect(await row(staff, fresh).getByTestId("row-validity").count()).toBe(0);
    await screenshot(staff, "rx-validity-list", { fullPage: false });

    await row(staff, lastDay).click();
    await staff.getByTestId("detail-validity").getByText("処方箋 本日まで").waitFor();
    await staff.getByTestId("rx-panel").getByText("本日まで", { exact: true }).waitFor();
    // Nobody typed a name at the counter: the code's name, marked as read from the prescription.
    await staff.getByTestId("patient-name-from-rx").getByText("処方箋から読み取り").waitFor();
  });

  it("takes the 引換番号 of an electronic prescription at the counter in full-width digits, and staff copy it", async () => {
    const staff = await staffPage();
    await staff.getByRole("button", { name: "受付する" }).click();
    const number = (await staff.getByTestId("counter-number").textContent())!.trim();
    await staff.getByRole("button", { name: "次へ" }).click();
    await staff.getByRole("heading", { name: "処方箋の種類を選んでください" }).waitFor();
    await staff.getByRole("button", { name: "電子処方箋", exact: true }).click();
    await staff.getByRole("heading", { name: "本人確認の方法を選んでください" }).waitFor();
    await staff.getByRole("button", { name: "資格確認書・保険証", exact: true }).click();
    await staff.getByRole("heading", { name: "電子処方箋の引換番号を入力してください" }).waitFor();
    await staff.getByLabel("引換番号").fill("１２３４５ａ");
    await staff.getByRole("button", { name: "次へ" }).click();
    await staff.getByText("引換番号は数字で入力してください").waitFor();
    await staff.getByLabel("引換番号").fill("１２３４５６７８");
    await screenshot(staff, "counter-exchange-number", { fullPage: false });
    await staff.getByRole("button", { name: "次へ" }).click();

    // The rest of the questions: the first answer, or skip; no photo, so the return day only warns.
    for (;;) {
      if (await staff.getByRole("button", { name: "確定" }).isVisible()) break;
      const heading = staff.getByRole("heading", { level: 2 }).first();
      await heading.waitFor();
      const prompt = await heading.textContent();
      if (prompt === "ご来局予定日を選んでください")
        await staff.getByTestId("return-date-notice").getByText("交付日を含めて4日間", { exact: false }).waitFor();
      if (prompt === "お薬の受け取り方法を選んでください")
        await staff.getByRole("button", { name: "店内で待つ", exact: true }).click();
      else await staff.getByRole("group").getByRole("button").first().click();
      await staff.waitForFunction(
        (previous) =>
          document.querySelector("h2")?.textContent !== previous || !!document.querySelector("iframe[title=受付票]"),
        prompt,
      );
    }
    await staff.getByRole("button", { name: "確定" }).click();
    await staff.getByRole("button", { name: "受付一覧に戻る" }).click();

    await row(staff, number).click();
    const exchange = staff.getByTestId("exchange-number");
    await exchange.getByText("12345678").waitFor();
    await exchange.getByRole("button", { name: "引換番号をコピー" }).click();
    expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe("12345678");
    await screenshot(staff, "rx-exchange-number", { fullPage: false });
  });

  it("the web form takes the 引換番号 too, and warns of the 4-day validity on the day of a later visit", async () => {
    const visitor = await browser.page(phoneContext);
    await visitor.goto(`/web/${publicSlug}`);
    await visitor.getByRole("radio", { name: "電子処方箋" }).click();
    await visitor.getByRole("radio", { name: "資格確認書・保険証" }).click();
    await visitor.getByLabel("引換番号（わかる場合）").fill("９８７６５４");
    await screenshot(visitor, "public-exchange-number");
    // The day of a later visit is a step of its own, counted from the start.
    await nextStep(visitor, "2 / 5");
    await visitor.getByRole("radio", { name: "いいえ" }).first().click();
    await nextStep(visitor, "3 / 5");
    await visitor.getByRole("radio", { name: "後で取りに来る" }).click();
    await nextStep(visitor, "4 / 5");
    await visitor.getByTestId("return-date-notice").getByText("交付日を含めて4日間", { exact: false }).waitFor();
    await visitor.getByRole("radiogroup", { name: "ご来局予定日を選んでください" }).getByRole("radio").first().click();
    await visitor
      .getByRole("radiogroup", { name: "ご来局予定の時間帯を選んでください" })
      .getByRole("radio")
      .first()
      .click();
    await nextStep(visitor, "5 / 5");
    await visitor.getByLabel("お名前（フリガナ）").fill("ニチヤク ハナコ");
    await visitor.getByLabel("電話番号", { exact: true }).fill("09012345678");
    await consentToPhotosIfAsked(visitor);
    await visitor.getByRole("button", { name: "この内容で受付する" }).click();
    await visitor.getByText("受付が完了しました").waitFor();
    const number = Number((await visitor.getByTestId("reception-number").textContent())!.trim());
    const { receptions } = (await (await api("GET", `/api/reception?date=${tokyoDate()}`)).json()) as {
      receptions: { receptionNumber: number; prescriptions: { exchangeNumber?: string }[] }[];
    };
    const sent = receptions.find((reception) => reception.receptionNumber === number)!;
    expect(sent.prescriptions.map((prescription) => prescription.exchangeNumber)).toContain("987654");
  });
});
