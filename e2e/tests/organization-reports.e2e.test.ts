import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { seriousViolations } from "../support/axe.js";
import { newAppContext, screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { waitForCode } from "../support/mail.js";
import { callApi } from "../support/session.js";

const baseUrl = inject("baseUrl");
const outboxDir = inject("outboxDir");
const browser = browserPerFile();
const PASSWORD = "Honbu2026x";

const viewport =
  (width: number, options: BrowserContextOptions = {}) =>
  (launched: Browser, url: string) =>
    newAppContext(launched, url, { viewport: { width, height: 768 }, ...options });

/** Today at the pharmacy (Asia/Tokyo: +9 h all year). */
function businessToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** A chain of its own (the demo branch's settings stay as other files expect them): its admin and two branches. */
async function newChain(): Promise<{ email: string; idToken: string; mainId: string; stationId: string }> {
  const email = `honbu-${Date.now()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (response) => {
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json().catch(() => ({}))) as Record<string, unknown>;
    });
  await post("/auth/sign_up", { email, password: PASSWORD, name: "本部 花子", organizationName: "さくら薬局グループ" });
  await post("/auth/confirm_sign_up", { email, code: await waitForCode(outboxDir, email) });
  const signedIn = await post("/auth/sign_in", { email, password: PASSWORD });
  const idToken = signedIn.idToken as string;
  const mainId = (signedIn.user as { pharmacyId: string }).pharmacyId;
  await callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", { name: "さくら薬局 本店" });
  const station = await callApi<{ id: string }>(baseUrl, idToken, "POST", "/api/organization/branches", {
    name: "さくら薬局 駅前店",
  });
  // two receptions at the main branch, one at the station (its admin's session on it)
  await callApi(baseUrl, idToken, "POST", "/api/reception");
  await callApi(baseUrl, idToken, "POST", "/api/reception");
  const other = await post("/auth/sign_in", { email, password: PASSWORD });
  const onStation = await callApi<{ idToken: string }>(
    baseUrl,
    other.idToken as string,
    "POST",
    "/auth/switch_branch",
    {
      branchId: station.id,
    },
  );
  await callApi(baseUrl, onStation.idToken, "POST", "/api/reception");
  return { email, idToken, mainId, stationId: station.id };
}

async function signIn(page: Page, email: string, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForURL(/\/login\//);
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await page.waitForURL((address) => !address.pathname.startsWith("/login"));
}

describe("本部: 店舗別の日報 and 全店舗共通の設定", () => {
  it("shows each branch's receptions of the period, opens its days, and downloads every branch and day as CSV", async () => {
    const chain = await newChain();
    const page = await browser.page(viewport(1366, { acceptDownloads: true }));
    await signIn(page, chain.email, "/organization");
    const card = page.locator(".ant-card", { hasText: "店舗別の日報" });
    const mainRow = card.getByRole("row", { name: /さくら薬局 本店/ });
    await mainRow.waitFor();
    expect((await mainRow.getByRole("cell").allTextContents()).slice(1, 4)).toEqual(["さくら薬局 本店", "2", "2"]);
    const stationRow = card.getByRole("row", { name: /さくら薬局 駅前店/ });
    expect((await stationRow.getByRole("cell").allTextContents()).slice(1, 3)).toEqual(["さくら薬局 駅前店", "1"]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "organization-reports-1366", { fullPage: false });

    await mainRow.getByRole("button", { name: /展開|expand/i }).click();
    const days = page.getByRole("table", { name: "さくら薬局 本店の日ごとの集計" });
    await days.waitFor();
    const [year, month, day] = businessToday().split("-");
    expect(await days.getByRole("row", { name: new RegExp(`${year}年${month}月${day}日`) }).textContent()).toContain(
      "2",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "organization-reports-expanded");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: "CSVダウンロード" }).click(),
    ]);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.toString("utf8"), { bom: true }) as string[][];
    expect(rows[0]!.slice(0, 3)).toEqual(["店舗", "日付", "受付数"]);
    expect(rows.filter((row) => row[1] === businessToday()).map((row) => row.slice(0, 3))).toEqual([
      ["さくら薬局 本店", businessToday(), "2"],
      ["さくら薬局 駅前店", businessToday(), "1"],
    ]);

    const tablet = await browser.page(viewport(1024));
    await signIn(tablet, chain.email, "/organization");
    await tablet
      .locator(".ant-card", { hasText: "店舗別の日報" })
      .getByRole("row", { name: /駅前店/ })
      .waitFor();
    await tablet.locator(".ant-card", { hasText: "店舗別の日報" }).scrollIntoViewIfNeeded();
    await screenshot(tablet, "organization-reports-1024", { fullPage: false });
  });

  it("the organisation's ticket message reaches a branch that uses it; the branch may keep its own", async () => {
    const chain = await newChain();
    const page = await browser.page(viewport(1366));
    await signIn(page, chain.email, "/organization");
    const card = page.locator(".ant-card", { hasText: "全店舗共通の設定" });
    await card.getByLabel("受付票のメッセージ").fill("本部より：お薬手帳をお持ちください。");
    await card.getByRole("button", { name: "保存する" }).click();
    await page.getByText("本部の受付票メッセージを保存しました").waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "organization-settings-card", { fullPage: false });

    await page.goto("/settings/general-settings/");
    const message = page.getByRole("textbox", { name: "受付票のメッセージ" });
    await expect.poll(() => message.inputValue()).toBe("本部より：お薬手帳をお持ちください。");
    expect(await message.isDisabled()).toBe(true);
    expect(await page.getByRole("radio", { name: "本部の設定を使う" }).first().isChecked()).toBe(true);
    await page.getByRole("radio", { name: "この店舗で変更する" }).first().check();
    expect(await message.isDisabled()).toBe(false);
    await message.fill("本店のメッセージです。");
    await screenshot(page, "branch-ticket-message-own");
    await page.getByRole("button", { name: "保存する" }).click();
    await page.getByText("一般設定を保存しました").waitFor();
    const settings = await callApi<{ ticketMessage: string; ownTicketMessage: boolean }>(
      baseUrl,
      chain.idToken,
      "GET",
      "/api/app_settings",
    );
    expect(settings).toMatchObject({ ticketMessage: "本店のメッセージです。", ownTicketMessage: true });
    // and back to the organisation's
    await page.getByRole("radio", { name: "本部の設定を使う" }).first().check();
    await page.getByRole("button", { name: "保存する" }).click();
    await expect.poll(() => message.inputValue()).toBe("本部より：お薬手帳をお持ちください。");
    expect(await message.isDisabled()).toBe(true);

    // the follow-up templates: the organisation's, read-only, until the branch keeps its own
    await page.goto("/settings/follow-up-templates/");
    await page.getByRole("radio", { name: "この店舗で変更する" }).waitFor();
    expect(await page.getByRole("radio", { name: "本部の設定を使う" }).isChecked()).toBe(true);
    expect(await page.getByRole("tabpanel").getByLabel("質問文").first().isDisabled()).toBe(true);
    await page.getByRole("radio", { name: "この店舗で変更する" }).check();
    expect(await page.getByRole("tabpanel").getByLabel("質問文").first().isDisabled()).toBe(false);
    await screenshot(page, "branch-templates-own", { fullPage: false });

    // the questions: the organisation's, read-only, until the branch chooses its own
    await page.goto("/settings/questions-reception/");
    await page.getByRole("radio", { name: "本部の設定を使う" }).waitFor();
    expect(await page.getByRole("radio", { name: "本部の設定を使う" }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "お薬手帳を表示する" }).isDisabled()).toBe(true);
    await screenshot(page, "branch-questions-organization", { fullPage: false });
    await page.goto("/organization/questions-reception");
    await page.getByRole("heading", { name: "本部の受付時の質問" }).waitFor();
    expect(await page.getByRole("switch", { name: "お薬手帳を表示する" }).isDisabled()).toBe(false);
    await screenshot(page, "organization-questions", { fullPage: false });
  });
});
