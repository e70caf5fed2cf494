import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();

async function tabletPage(): Promise<Page> {
  const context = await browser.context(tabletContext);
  return context.newPage();
}

describe("the main screen's search parameters", () => {
  it("shows today with a plain word for a date that does not exist or lies ahead", async () => {
    const page = await tabletPage();
    await signInThroughForm(page, "/?date=2026-13-45");
    await page.getByText("指定された日付が正しくないため、本日の受付を表示しています。").waitFor();
    await page.getByRole("heading", { name: "本日の受付" }).waitFor();
    expect(await page.getByText("過去の受付").count()).toBe(0);
    expect(await page.getByText("2027年").count()).toBe(0);
    await screenshot(page, "receptions-bad-date");

    await page.goto("/?date=2999-01-01");
    await page.getByText("先の日付の受付はまだないため、本日の受付を表示しています。").waitFor();
    expect(await page.getByText("過去の受付").count()).toBe(0);
    await page.getByRole("button", { name: "受付する" }).waitFor();
  });

  it("says a reception is not found for a receptionId that cannot be one, without blaming the user's input", async () => {
    const page = await tabletPage();
    await signInThroughForm(page, "/?receptionId=garbage");
    const drawer = page.getByRole("dialog", { name: "受付の詳細" });
    await drawer.getByText("受付が見つかりません").waitFor();
    expect(await page.getByText("入力内容に誤りがあります").count()).toBe(0);
    await screenshot(page, "reception-detail-not-found");
  });
});

describe("the main screen while the day loads", () => {
  it("does not look like an empty day: no 「まだありません」 and no zero counts", async () => {
    const page = await tabletPage();
    await signInThroughForm(page);
    await page.getByRole("button", { name: "受付する" }).waitFor();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/reception?**", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole("heading", { name: "本日の受付" }).waitFor();
    await page.getByText("読み込み中").first().waitFor();
    expect(await page.getByText("本日の受付はまだありません").count()).toBe(0);
    expect(await page.locator('[class*="filterCount"]').count()).toBe(0);
    await screenshot(page, "receptions-loading");
    release();
    await page.locator("tr[data-reception-number]").first().waitFor();
    // すべて, 未確認, 確認中, 調剤中, 完了, お渡し済み
    expect(await page.locator('[class*="filterCount"]').count()).toBe(6);
  });
});

describe("after an outage", () => {
  it("a tab opened while the server is down waits for it instead of asking a signed-in user to log in", async () => {
    const page = await tabletPage();
    await signInThroughForm(page);
    await page.getByRole("button", { name: "受付する" }).waitFor();
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.reload();
    await page.getByText("サーバーに接続できません。接続が戻りしだい、自動で画面を表示します。").waitFor();
    expect(await page.getByLabel("パスワード", { exact: true }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/");
    await screenshot(page, "startup-server-unreachable");
    await page.unroute("**/api/**");
    await page.getByRole("button", { name: "受付する" }).waitFor();
  });
});

/**
 * Picks a choice of one of a form's selects until the select shows it (its value carries the choice as
 * its title). A full e2e run once lost the click on the list while it was still sliding in: the list
 * stayed open and the field empty. A person would see that and pick again.
 */
async function pickChoice(page: Page, form: Locator, label: string, choice: string): Promise<void> {
  const option = page.locator(".ant-select-dropdown").getByText(choice, { exact: true });
  for (let attempt = 1; ; attempt++) {
    // a click on the field while its list is still open would close it
    if (attempt === 1 || !(await option.isVisible())) await form.getByLabel(label).click();
    await option.click();
    try {
      await form.getByTitle(choice, { exact: true }).waitFor({ timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

describe("correcting a reception", () => {
  it("edits the name, phone, an answer and a note from the detail panel, shows the phone grouped, and finds it by name", async () => {
    const idToken = await demoIdToken(baseUrl);
    const reception = await callApi<{ id: string; receptionNumber: number }>(
      baseUrl,
      idToken,
      "POST",
      "/api/reception",
    );
    await callApi(baseUrl, idToken, "PATCH", `/api/reception/${reception.id}`, {
      id: reception.id,
      answers: { receiveMethod: "Pharmacy" },
    });
    const page = await tabletPage();
    await signInThroughForm(page, `/?receptionId=${reception.id}`);
    const detail = page.getByRole("dialog", { name: "受付の詳細" });
    await detail.getByRole("button", { name: "編集" }).click();
    const dialog = page.getByRole("dialog", { name: "受付内容を編集" });
    await dialog.getByLabel("お名前").fill("ナカムラ ケイコ");
    await dialog.getByLabel("電話番号").fill("09011112205");
    await dialog.getByLabel("メモ").fill("お薬手帳は次回持参");
    await pickChoice(page, dialog, "ジェネリック", "希望しない");
    await screenshot(page, "reception-edit", { fullPage: false });
    await dialog.getByRole("button", { name: "保存する" }).click();
    await page.getByText("受付内容を保存しました").waitFor();
    await detail.getByText("090-1111-2205").waitFor();
    await detail.getByText("お薬手帳は次回持参").waitFor();
    await detail.getByText("希望しない").waitFor();
    const saved = await callApi<{ patientName: string; phone: string; note: string; answers: Record<string, string> }>(
      baseUrl,
      idToken,
      "GET",
      `/api/reception/${reception.id}`,
    );
    expect(saved).toMatchObject({
      patientName: "ナカムラ ケイコ",
      phone: "09011112205",
      note: "お薬手帳は次回持参",
      answers: { receiveMethod: "Pharmacy", genericDrug: "No" },
    });
    await screenshot(page, "reception-detail-edited");

    await page.keyboard.press("Escape");
    await page.getByLabel("受付を探す").fill("なかむら");
    await page.locator(`tr[data-reception-number="${reception.receptionNumber}"]`).waitFor();
    expect(await page.locator("tr[data-reception-number]").count()).toBe(1);
    await screenshot(page, "receptions-search");
  });
});

describe("route failures", () => {
  it("Not Found keeps its literal text, adds a Japanese line, the app's bar and the way back", async () => {
    const page = await tabletPage();
    await page.goto("/no-such-page");
    await page.getByText("Not Found", { exact: true }).waitFor();
    await page.getByText("お探しのページは見つかりませんでした。URLをご確認ください。").waitFor();
    await page.getByText("薬局受付").waitFor();
    await screenshot(page, "not-found");
    await page.getByRole("link", { name: "受付一覧へ戻る" }).click();
    await page.waitForURL(/\/login\//);
  });
});
