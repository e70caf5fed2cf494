import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { seriousViolations } from "../support/axe.js";
import { screenshot, newAppContext } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { chooseFromHeaderMenu } from "../support/header-menu.js";
import { callApi, demoIdToken, signInThroughForm } from "../support/session.js";

const baseUrl = inject("baseUrl");

const browser = browserPerFile();

/** The reports are read on a PC: 1366 px wide. */
const pc =
  (options: BrowserContextOptions = {}) =>
  (launched: Browser, url: string) =>
    newAppContext(launched, url, { viewport: { width: 1366, height: 768 }, ...options });

interface ReportDay {
  date: string;
  total: number;
  byChannel: { Paper: number; Web: number };
  waitMedianMinutes?: number;
  abandoned: number;
}

/** Today at the pharmacy (Asia/Tokyo: +9 h all year). */
function businessToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

describe("レポート", () => {
  it("shows today's receptions as figures, charts and a table, and downloads them as CSV for Excel", async () => {
    const idToken = await demoIdToken(baseUrl);
    // three receptions: one finished, one still open, one deleted as a mistake
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await callApi<{ id: string }>(baseUrl, idToken, "POST", "/api/reception"));
    await callApi(baseUrl, idToken, "PATCH", `/api/reception/${made[0]!.id}`, {
      id: made[0]!.id,
      answers: { receiveMethod: "Locker" },
    });
    await callApi(baseUrl, idToken, "PATCH", `/api/reception/${made[0]!.id}`, { id: made[0]!.id, status: "Completed" });
    await callApi(baseUrl, idToken, "DELETE", `/api/reception/${made[2]!.id}`);
    const today = businessToday();
    const expected = (
      await callApi<{ days: ReportDay[] }>(baseUrl, idToken, "GET", `/api/reports/daily?from=${today}&to=${today}`)
    ).days[0]!;
    expect(expected.total).toBeGreaterThanOrEqual(2);
    expect(expected.waitMedianMinutes).toEqual(expect.any(Number));

    const page = await browser.page(pc({ acceptDownloads: true }));
    await signInThroughForm(page, `/reports?from=${today}&to=${today}`);
    await page.getByRole("heading", { name: "レポート" }).waitFor();

    const totalCard = page.getByRole("listitem").filter({ hasText: "受付数" }).first();
    await expect.poll(() => totalCard.textContent()).toContain(`${expected.total}件`);
    const [year, month, day] = today.split("-");
    const row = page.getByRole("row", { name: new RegExp(`${year}年${month}月${day}日`) });
    await row.waitFor();
    expect((await row.getByRole("cell").allTextContents()).slice(0, 4)).toEqual([
      expect.stringContaining(`${year}年${month}月${day}日`),
      String(expected.total),
      String(expected.byChannel.Paper),
      String(expected.byChannel.Web),
    ]);
    // the charts arrive with their own chunk
    await page.locator(".recharts-surface").first().waitFor();
    expect(await page.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);
    // the wait axis (its ticks carry the unit 分; recharts 3 draws ticks in a layer of their own) counts whole minutes (it read 0.95分 / 2.85分)
    const waitTicks = page
      .locator(".ant-card", { hasText: "待ち時間（受付確定から完了まで、分）" })
      .locator(".recharts-cartesian-axis-tick-value", { hasText: "分" });
    await waitTicks.first().waitFor();
    for (const tick of await waitTicks.allTextContents()) expect(tick).toMatch(/^\d+分$/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "reports", { fullPage: false });
    await screenshot(page, "reports-full");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "CSVダウンロード" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`reports-${today}_${today}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("\r\n");
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]!.slice(0, 4)).toEqual(["日付", "受付数", "受付数（店頭）", "受付数（Web）"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 4)).toEqual([
      today,
      String(expected.total),
      String(expected.byChannel.Paper),
      String(expected.byChannel.Web),
    ]);
    expect(rows[1]!.at(-2)).toBe(String(expected.abandoned));
  });

  it("is in the menu, and moves the period with the 先月 preset and keeps it in the address", async () => {
    const page = await browser.page(pc());
    await signInThroughForm(page, "/");
    await chooseFromHeaderMenu(page, "レポート", page.getByRole("heading", { name: "レポート" }));
    expect(new URL(page.url()).pathname).toBe("/reports");
    await page.getByPlaceholder("開始日").click();
    await page.getByText("先月", { exact: true }).click();
    const [year, month] = businessToday().split("-").map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
    await page.waitForURL(
      (address) =>
        address.searchParams.get("from") === `${lastDay.slice(0, 8)}01` && address.searchParams.get("to") === lastDay,
    );
  });
});
