import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "../support/axe.js";
import { animationsFinished, screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, phoneContext, signInThroughForm, tabletContext } from "../support/session.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();
// a photo with no 2D code on it: the detail says 「QRコードが見つかりませんでした」
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");

let idToken: string;

beforeAll(async () => {
  idToken = await demoIdToken(baseUrl);
});

async function pageIn(make: typeof tabletContext): Promise<Page> {
  const context = await browser.context(make);
  return context.newPage();
}

async function expectAccessible(page: Page, name: string) {
  await screenshot(page, `a11y-${name}`, { fullPage: false });
  expect({ screen: name, violations: await seriousViolations(page) }).toEqual({ screen: name, violations: [] });
}

/** The smaller side of an element's box, in CSS pixels. */
async function smallerSide(page: Page, selector: string): Promise<number> {
  await animationsFinished(page);
  const box = (await page.locator(selector).first().boundingBox())!;
  return Math.min(box.width, box.height);
}

describe("touch targets of at least 48 px (docs/rules.md#screens)", () => {
  it("the password's 表示 switch, the drawer close button, calendar cells, a confirmation's buttons and switches", async () => {
    const page = await pageIn(tabletContext);
    await page.goto("/login/");
    expect(await smallerSide(page, "form[name=login] button[aria-pressed]")).toBeGreaterThanOrEqual(48);
    await page.goto("/sign-up");
    expect(await smallerSide(page, ".ant-input-password-icon")).toBeGreaterThanOrEqual(48);

    await signInThroughForm(page, "/?showDates=true");
    await page.getByRole("dialog", { name: "受付日を選ぶ" }).waitFor();
    expect(await smallerSide(page, ".ant-drawer-close")).toBeGreaterThanOrEqual(48);

    await page.goto("/settings/business-hours/");
    await page
      .getByRole("group", { name: /休業日を選んでください/ })
      .locator(".ant-picker")
      .click();
    await page.locator(".ant-picker-cell").first().waitFor();
    expect(await smallerSide(page, ".ant-picker-cell-inner")).toBeGreaterThanOrEqual(40);
    expect(await smallerSide(page, ".ant-picker-cell")).toBeGreaterThanOrEqual(48);
    await screenshot(page, "settings-closed-dates-calendar", { fullPage: false });
    await page.keyboard.press("Escape");
    await page
      .getByRole("button", { name: /の営業時間を全曜日にコピー/ })
      .first()
      .click();
    expect(await smallerSide(page, ".ant-popconfirm-buttons .ant-btn")).toBeGreaterThanOrEqual(48);
    await screenshot(page, "settings-copy-hours-confirm", { fullPage: false });

    await page.goto("/settings/general-settings/");
    await page.locator(".ant-switch").first().waitFor();
    // 40 px drawn, widened by 4 px on each side for the finger.
    expect(await smallerSide(page, ".ant-switch")).toBeGreaterThanOrEqual(40);
  });
});

describe("axe-core finds no serious or critical violation", () => {
  it("on the login page", async () => {
    const page = await pageIn(tabletContext);
    await page.goto("/login/");
    await page.getByLabel("メールアドレス").waitFor();
    await expectAccessible(page, "login");
  });

  it("on the main screen, the detail panel and the counter", async () => {
    const page = await pageIn(tabletContext);
    await signInThroughForm(page);
    await page.locator("tr[data-reception-number]").first().waitFor();
    await expectAccessible(page, "main");

    // A kiosk reception another file left 受付中 cannot be opened; any other can.
    await page.locator("tr[data-reception-number]:not([aria-disabled=true])").first().click();
    await page.getByTestId("detail-number").waitFor();
    await page.getByRole("heading", { name: "履歴" }).waitFor();
    await expectAccessible(page, "detail");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "受付する" }).click();
    await page.getByTestId("counter-number").waitFor();
    await expectAccessible(page, "counter");
    // The list behind the counter is out of a screen reader's reach while it is open.
    await page.getByRole("dialog", { name: /店頭受付 受付番号/ }).waitFor();
    expect(await page.locator("#root").getAttribute("inert")).toBe("");
    await page.getByRole("button", { name: "キャンセル" }).click();
    await page.getByRole("dialog", { name: "受付を中止しますか？" }).getByRole("button", { name: "中止する" }).click();
    await page.getByRole("button", { name: "受付する" }).waitFor();
    await expect.poll(() => page.locator("#root").getAttribute("inert")).toBeNull();
  });

  it("on a settings page", async () => {
    const page = await pageIn(tabletContext);
    await signInThroughForm(page, "/settings/general-settings/");
    await page.getByText("受付票を自動で印刷する").waitFor();
    await expectAccessible(page, "settings-general");
  });

  it("on the public page and the status page, on a phone", async () => {
    const { publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, idToken, "GET", "/api/pharmacy");
    const page = await pageIn(phoneContext);
    await page.goto(`/web/${publicSlug}`);
    await page.getByRole("heading", { name: "デモ薬局 本店" }).waitFor();
    await expectAccessible(page, "public");

    const form = new FormData();
    form.append("patientName", "アクセス テスト");
    form.append("phone", "09000000000");
    form.append(
      "answers",
      JSON.stringify({ prescriptionType: "Electronic", verifyMethod: "MyNumberCard", receiveMethod: "Pharmacy" }),
    );
    const sent = (await (
      await fetch(`${baseUrl}/api/public/pharmacy/${publicSlug}/reception`, { method: "POST", body: form })
    ).json()) as { statusToken: string };
    await page.goto(`/web/status/${sent.statusToken}`);
    await page.getByTestId("reception-status").waitFor();
    await expectAccessible(page, "status");
  });

  it("on the detail with an unread code, the photo zoom, and the admin's pages", async () => {
    const reception = await callApi<{ id: string }>(baseUrl, idToken, "POST", "/api/reception");
    const form = new FormData();
    form.append("receptionId", reception.id);
    form.append("file", new Blob([await readFile(PHOTO)], { type: "image/jpeg" }), "prescription.jpg");
    const upload = await fetch(`${baseUrl}/api/file`, {
      method: "POST",
      headers: { authorization: `Bearer ${idToken}` },
      body: form,
    });
    expect(upload.status).toBe(201);

    const page = await pageIn(tabletContext);
    await signInThroughForm(page, `/?receptionId=${reception.id}`);
    await page.getByTestId("code-status").waitFor({ timeout: 60_000 });
    await expectAccessible(page, "detail-unread-code");

    await page.getByRole("img", { name: "処方箋 1" }).click();
    await page.getByRole("dialog", { name: "処方箋の写真（拡大）" }).waitFor();
    // the zoom's 閉じる, drawn over the detail drawer's own
    const closeZoom = page.getByRole("button", { name: "閉じる" }).last();
    await closeZoom.waitFor();
    await expectAccessible(page, "photo-zoom");
    await closeZoom.click();

    for (const [url, ready, name] of [
      ["/reports", ".recharts-surface", "reports"],
      ["/settings/web-questionnaire-link/", "[data-testid=qr-url]", "settings-web-link"],
      ["/audit", ".ant-table-row", "audit"],
      ["/staff", ".ant-table-row", "staff"],
    ] as const) {
      await page.goto(url);
      await page.locator(ready).first().waitFor();
      await expectAccessible(page, name);
    }
  });
});
