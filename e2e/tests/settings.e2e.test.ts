import type { BrowserContext, Locator, Page } from "playwright-core";
import { DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings/settings";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { demoIdToken, signInThroughForm } from "../support/session.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();

let context: BrowserContext;
let page: Page;
let idToken: string;
/** The demo branch as it was (open around the clock), put back after the file for the other e2e files. */
let original: { pharmacy: Record<string, unknown>; appSettings: unknown; businessHours: unknown };

async function api<T>(method: string, url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${idToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T };
}

/** Opens a settings page and waits until its form has loaded. */
async function openSettings(path: string, ready: (target: Page) => Locator) {
  await page.goto(`/settings/${path}/`);
  await ready(page).waitFor();
}

const saveButton = () => page.getByRole("button", { name: "保存する" });
const toast = (text: string) => page.locator(".ant-message").getByText(text);

/** Types a time into an antd TimePicker and confirms it. */
async function typeTime(picker: Locator, time: string) {
  await picker.click();
  await picker.press("ControlOrMeta+a");
  await picker.pressSequentially(time);
  await picker.press("Enter");
  await page.keyboard.press("Escape");
}

beforeAll(async () => {
  idToken = await demoIdToken(baseUrl);
  const [pharmacy, appSettings, businessHours] = await Promise.all([
    api<Record<string, unknown>>("GET", "/api/pharmacy"),
    api("GET", "/api/app_settings"),
    api("GET", "/api/business_hours"),
  ]);
  original = { pharmacy: pharmacy.data, appSettings: appSettings.data, businessHours: businessHours.data };
  // The hours page is tested from a new branch's hours: closed on Sundays, lunch on weekdays.
  await api("PUT", "/api/business_hours", DEFAULT_BUSINESS_HOURS);
});

afterAll(async () => {
  const { name, postalCode, address, phone, fax, notice, receptionStartNumber, webQuestionnaireUrl } =
    original.pharmacy;
  await api("PATCH", "/api/pharmacy", {
    name,
    postalCode,
    address,
    phone,
    fax: fax ?? "",
    notice: notice ?? "",
    receptionStartNumber,
    webQuestionnaireUrl: webQuestionnaireUrl ?? "",
  });
  await api("PUT", "/api/app_settings", original.appSettings);
  await api("PUT", "/api/business_hours", original.businessHours);
});

beforeEach(async () => {
  context = await browser.context();
  page = await context.newPage();
  // A reload with unsaved changes would ask; the tests reload only after saving, but never hang on it.
  page.on("dialog", (dialog) => void dialog.accept());
  await signInThroughForm(page);
});

describe("settings", () => {
  it("the settings home links every page with a line about it", async () => {
    await page.goto("/settings/");
    const titles = [
      "店舗情報",
      "営業時間",
      "一般設定",
      "受付時の質問",
      "予約来局時の質問",
      "受付開始番号",
      "Web問診票リンク",
      "二段階認証",
    ];
    // Each card's link is named by its title and its one-line description.
    for (const title of titles) await page.getByRole("link", { name: new RegExp(`^${title} .+`) }).waitFor();
    await screenshot(page, "settings-home");
    await page.getByRole("link", { name: /^営業時間 .+/ }).click();
    await page.waitForURL(/\/settings\/business-hours\/$/);
  });

  it("edits the branch information, which persists after a reload; bad input is refused in Japanese", async () => {
    await openSettings("branch-info", (target) => target.getByLabel("店舗名"));
    await page.getByLabel("店舗名").fill("e2e薬局 駅前店");
    await page.getByLabel("郵便番号").fill("〒１５０ー０００１");
    await page.getByLabel("住所").fill("東京都渋谷区神宮前1-2-3");
    await page.getByLabel("電話番号").fill("03-1111-2222");
    await page.getByLabel("FAX番号（任意）").fill("03-1111-2223");
    await page.getByLabel("患者さまへのお知らせ（任意）").fill("年末年始は12月30日から1月3日までお休みします。");
    await page.getByText("保存していない変更があります").waitFor();
    await saveButton().click();
    await toast("店舗情報を保存しました").waitFor();

    await page.reload();
    await page.getByLabel("店舗名").waitFor();
    expect(await page.getByLabel("店舗名").inputValue()).toBe("e2e薬局 駅前店");
    expect(await page.getByLabel("郵便番号").inputValue()).toBe("150-0001");
    expect(await page.getByLabel("FAX番号（任意）").inputValue()).toBe("03-1111-2223");
    // The header reads the same cached branch record.
    await page.getByRole("banner").getByText("e2e薬局 駅前店").waitFor();
    const saved = await api<{ postalCode: string; notice: string }>("GET", "/api/pharmacy");
    expect(saved.data.postalCode).toBe("1500001");
    expect(saved.data.notice).toContain("年末年始");
    await screenshot(page, "settings-branch-info");

    await page.getByLabel("郵便番号").fill("12345");
    await page.getByLabel("店舗名").fill("");
    await saveButton().click();
    await page.getByText("郵便番号は7桁の数字で入力してください（例: 123-4567）").waitFor();
    await page.getByText("店舗名を入力してください").waitFor();
    await screenshot(page, "settings-branch-info-errors");
    expect((await api<{ postalCode: string }>("GET", "/api/pharmacy")).data.postalCode).toBe("1500001");
  });

  it("asks before leaving a page with unsaved changes", async () => {
    await openSettings("branch-info", (target) => target.getByLabel("店舗名"));
    await page.getByLabel("住所").fill("東京都 どこか");
    await page.getByRole("navigation", { name: "設定メニュー" }).getByRole("link", { name: "営業時間" }).click();
    const dialog = page.getByRole("dialog", { name: "保存していない変更があります" });
    await dialog.waitFor();
    await screenshot(page, "settings-unsaved-changes");
    await dialog.getByRole("button", { name: "このページに戻る" }).click();
    expect(new URL(page.url()).pathname).toBe("/settings/branch-info/");
    expect(await page.getByLabel("住所").inputValue()).toBe("東京都 どこか");

    await page.getByRole("navigation", { name: "設定メニュー" }).getByRole("link", { name: "営業時間" }).click();
    await page
      .getByRole("dialog", { name: "保存していない変更があります" })
      .getByRole("button", { name: "保存せずに移動" })
      .click();
    await page.waitForURL(/\/settings\/business-hours\/$/);
  });

  it("adds a period and a closed date to the business hours; overlapping periods are refused", async () => {
    await openSettings("business-hours", (target) => target.getByRole("listitem", { name: "日曜日" }));
    const sunday = page.getByRole("listitem", { name: "日曜日" });
    await sunday.getByText("営業時間がありません").waitFor();
    await sunday.getByRole("button", { name: "時間帯を追加" }).click();
    await typeTime(sunday.getByLabel("日曜日 時間帯1の開始時刻"), "10:00");
    await typeTime(sunday.getByLabel("日曜日 時間帯1の終了時刻"), "15:30");

    // A closed date a week ahead, picked in the calendar.
    const today = new Date();
    const target = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + 7));
    const date = target.toISOString().slice(0, 10);
    await page
      .getByRole("group", { name: "カレンダーから休業日を選んでください（複数選べます）" })
      .locator(".ant-picker")
      .click();
    const cell = page.locator(`.ant-picker-dropdown td[title="${date}"]`).first();
    if ((await cell.count()) === 0) await page.locator(".ant-picker-dropdown .ant-picker-header-next-btn").click();
    await cell.click();
    await page.keyboard.press("Escape");
    const list = page.getByRole("list", { name: "登録済みの休業日" });
    await list.getByRole("listitem").first().waitFor();

    await saveButton().click();
    await toast("営業時間を保存しました").waitFor();
    const saved = await api<{
      weekly: { weekday: number; periods: { start: string; end: string }[] }[];
      closedDates: string[];
    }>("GET", "/api/business_hours");
    expect(saved.data.weekly.find((day) => day.weekday === 0)?.periods).toEqual([{ start: "10:00", end: "15:30" }]);
    expect(saved.data.closedDates).toEqual([date]);

    await page.reload();
    await page.getByRole("listitem", { name: "日曜日" }).waitFor();
    expect(await page.getByLabel("日曜日 時間帯1の終了時刻").inputValue()).toBe("15:30");
    expect(await page.getByRole("list", { name: "登録済みの休業日" }).getByRole("listitem").count()).toBe(1);
    await screenshot(page, "settings-business-hours");

    // Monday 9:00–13:00 and 12:00–18:00 overlap: the contract's message, and nothing is saved.
    const monday = page.getByRole("listitem", { name: "月曜日" });
    await typeTime(monday.getByLabel("月曜日 時間帯2の開始時刻"), "12:00");
    await monday.getByText("時間帯が重なっています").waitFor();
    // An end before its start is named too.
    await typeTime(page.getByLabel("火曜日 時間帯1の終了時刻"), "08:00");
    await page.getByText("終了時刻は開始時刻より後にしてください").waitFor();
    await saveButton().click();
    await toast("営業時間の入力内容に誤りがあります。赤字の箇所を確認してください。").waitFor();
    await screenshot(page, "settings-business-hours-errors");
    const after = await api<{ weekly: { weekday: number; periods: { start: string }[] }[] }>(
      "GET",
      "/api/business_hours",
    );
    expect(after.data.weekly.find((day) => day.weekday === 1)?.periods[1]?.start).toBe("14:00");

    // 全曜日にコピー: Saturday's morning hours on every day (then put back without saving).
    await page.getByRole("button", { name: "元に戻す" }).click();
    await page.getByRole("button", { name: "土曜日の営業時間を全曜日にコピー" }).click();
    await page.getByRole("button", { name: "コピーする" }).click();
    for (const name of ["月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日", "日曜日"]) {
      const day = page.getByRole("listitem", { name });
      expect(await day.getByRole("group").count()).toBe(1);
      expect(await day.getByLabel(`${name} 時間帯1の終了時刻`).inputValue()).toBe("13:00");
    }
    await page.getByRole("button", { name: "元に戻す" }).click();
  });

  it("edits the general settings; at least one receive method must stay on", async () => {
    await openSettings("general-settings", (target) => target.getByRole("checkbox", { name: "配送" }));
    await page.getByRole("checkbox", { name: "配送" }).uncheck();
    await page.getByRole("switch", { name: "受付票を自動で印刷する" }).click();
    // the branch writes its own message rather than using its organisation's
    await page.getByRole("radio", { name: "この店舗で変更する" }).check();
    await page.getByLabel("受付票のメッセージ").fill("お名前をお呼びするまで、おかけになってお待ちください。");
    await saveButton().click();
    await toast("一般設定を保存しました").waitFor();

    await page.reload();
    await page.getByRole("checkbox", { name: "配送" }).waitFor();
    expect(await page.getByRole("checkbox", { name: "配送" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "店内で待つ" }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "受付票を自動で印刷する" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(await page.getByLabel("受付票のメッセージ").inputValue()).toBe(
      "お名前をお呼びするまで、おかけになってお待ちください。",
    );
    await screenshot(page, "settings-general");

    for (const name of ["店内で待つ", "ロッカー", "後で取りに来る"])
      await page.getByRole("checkbox", { name }).uncheck();
    await saveButton().click();
    await page.getByText("受け取り方法を1つ以上選んでください").waitFor();
    const saved = await api<{ enabledReceiveMethods: string[] }>("GET", "/api/app_settings");
    expect(saved.data.enabledReceiveMethods).toEqual(["Pharmacy", "Locker", "ReturnVisit"]);
  });

  for (const channel of [
    { path: "questions-reception", key: "reception", shot: "settings-questions-reception" },
    { path: "questions-reserved", key: "reserved", shot: "settings-questions-reserved" },
  ] as const) {
    it(`switches off and reorders the ${channel.key} questions`, async () => {
      await openSettings(channel.path, (target) => target.getByRole("switch", { name: "お薬手帳を表示する" }));
      await page.getByRole("radio", { name: "この店舗で変更する" }).check();
      await page.getByRole("switch", { name: "お薬手帳を表示する" }).click();
      await page.getByRole("button", { name: "ジェネリックを上へ" }).click();
      await page.getByRole("switch", { name: "初回利用を必須にする" }).click();
      // The preview shows the patient's buttons for the question it is opened on.
      await page.getByRole("listitem", { name: "受け取り" }).getByRole("button", { name: "プレビュー" }).click();
      await page.getByRole("figure").getByText("お薬の受け取り方法を選んでください").waitFor();
      await saveButton().click();
      await toast(
        channel.key === "reception" ? "受付時の質問を保存しました" : "予約来局時の質問を保存しました",
      ).waitFor();

      await page.reload();
      await page.getByRole("switch", { name: "お薬手帳を表示する" }).waitFor();
      expect(await page.getByRole("switch", { name: "お薬手帳を表示する" }).getAttribute("aria-checked")).toBe("false");
      const order = await page
        .locator("li[data-question]")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-question")));
      expect(order.indexOf("genericDrug")).toBeLessThan(order.indexOf("medicineNotebook"));
      const saved = await api<{
        questions: Record<string, { key: string; enabled: boolean; required: boolean; order: number }[]>;
      }>("GET", "/api/app_settings");
      const questions = saved.data.questions[channel.key]!;
      expect(questions.find((question) => question.key === "medicineNotebook")?.enabled).toBe(false);
      expect(questions.find((question) => question.key === "firstVisit")?.required).toBe(true);
      await page.getByRole("listitem", { name: "処方箋" }).getByRole("button", { name: "プレビュー" }).waitFor();
      await screenshot(page, channel.shot);
    });
  }

  it("a conditional question placed before the one it depends on is flagged", async () => {
    await openSettings("questions-reception", (target) => target.getByRole("button", { name: "本人確認を上へ" }));
    await page.getByRole("radio", { name: "この店舗で変更する" }).check();
    await page.getByRole("button", { name: "本人確認を上へ" }).click();
    await page.getByText("「処方箋の種類」より後に並べてください。前にあると表示されません。").waitFor();
    await page.getByRole("button", { name: "元に戻す" }).click();
  });

  it("sets the reception start number; 0 and 10000 are refused in Japanese and not saved", async () => {
    await openSettings("reception-start-number", (target) => target.getByLabel("毎日の最初の受付番号"));
    const input = page.getByLabel("毎日の最初の受付番号");
    await input.fill("0");
    await saveButton().click();
    await page.getByText("受付開始番号は1以上にしてください").waitFor();
    await input.fill("10000");
    await saveButton().click();
    await page.getByText("受付開始番号は9999以下にしてください").waitFor();
    await screenshot(page, "settings-reception-start-number-error");
    expect((await api<{ receptionStartNumber: number }>("GET", "/api/pharmacy")).data.receptionStartNumber).toBe(
      original.pharmacy.receptionStartNumber,
    );

    await input.fill("25");
    await saveButton().click();
    await toast("受付開始番号を保存しました").waitFor();
    await page.reload();
    await input.waitFor();
    expect(await input.inputValue()).toBe("25");
    // The demo branch already has receptions today, so the new number starts tomorrow.
    const from = (await api<{ receptionStartNumberFrom: string }>("GET", "/api/pharmacy")).data
      .receptionStartNumberFrom;
    const [, month, day] = from.split("-").map(Number);
    await page.getByText(/本日から適用されます|明日（\d+月\d+日）から適用されます/).waitFor();
    if (await page.getByText(/明日/).count())
      await page.getByText(`明日（${month}月${day}日）から適用されます`, { exact: false }).waitFor();
    await screenshot(page, "settings-reception-start-number");
  });

  it("shows the public reception link with its QR code, copies it, and issues a new one", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await openSettings("web-questionnaire-link", (target) => target.getByRole("img", { name: "Web受付のQRコード" }));
    const url = page.getByTestId("qr-url").first();
    const before = await url.textContent();
    const { data: pharmacy } = await api<{ publicSlug: string }>("GET", "/api/pharmacy");
    expect(before).toBe(`${baseUrl}/web/${pharmacy.publicSlug}`);
    const qrBefore = await page.getByRole("img", { name: "Web受付のQRコード" }).innerHTML();

    await page.getByRole("button", { name: "URLをコピー" }).click();
    await toast("コピーしました").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);
    await screenshot(page, "settings-web-questionnaire-link");

    await page.getByRole("button", { name: "新しいURLを発行" }).click();
    const confirm = page.getByRole("dialog");
    await confirm.getByText("印刷・掲示したQRコードは使えなくなります", { exact: false }).waitFor();
    await screenshot(page, "settings-web-questionnaire-link-rotate");
    await confirm.getByRole("button", { name: "新しいURLを発行する" }).click();
    await toast("新しいURLを発行しました").waitFor();
    await expect.poll(() => url.textContent()).not.toBe(before);
    expect(await page.getByRole("img", { name: "Web受付のQRコード" }).innerHTML()).not.toBe(qrBefore);
    const { data: rotated } = await api<{ publicSlug: string }>("GET", "/api/pharmacy");
    expect(await url.textContent()).toBe(`${baseUrl}/web/${rotated.publicSlug}`);
    // The old link no longer opens the branch.
    expect((await fetch(`${baseUrl}/api/public/pharmacy/${pharmacy.publicSlug}`)).status).toBe(404);
  });

  it("saves an external web questionnaire URL with its QR code; a javascript: URL is refused", async () => {
    await openSettings("web-questionnaire-link", (target) => target.getByLabel("Web問診票のURL（任意）"));
    const input = page.getByLabel("Web問診票のURL（任意）");
    await input.fill("javascript:alert(1)");
    await saveButton().click();
    await page.getByText("http:// または https:// で始まるURLを入力してください", { exact: true }).waitFor();
    expect(
      (await api<{ webQuestionnaireUrl?: string }>("GET", "/api/pharmacy")).data.webQuestionnaireUrl ?? "",
    ).not.toContain("javascript");

    await input.fill("https://example.jp/monshin?store=1");
    await saveButton().click();
    await toast("Web問診票のURLを保存しました").waitFor();
    await page.getByRole("img", { name: "Web問診票のQRコード" }).waitFor();
    await page.reload();
    await input.waitFor();
    expect(await input.inputValue()).toBe("https://example.jp/monshin?store=1");
    await page.getByRole("img", { name: "Web問診票のQRコード" }).waitFor();
    await screenshot(page, "settings-web-questionnaire-url");
  });

  it("opens the settings menu from a button on a phone", async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openSettings("general-settings", (target) => target.getByRole("checkbox", { name: "配送" }));
    await page.getByRole("button", { name: "設定メニュー" }).click();
    const drawer = page.getByRole("dialog", { name: "設定メニュー" });
    await drawer.getByRole("link", { name: "受付開始番号" }).waitFor();
    await screenshot(page, "settings-menu-phone");
    await drawer.getByRole("link", { name: "受付開始番号" }).click();
    await page.waitForURL(/\/settings\/reception-start-number\/$/);
  });
});
