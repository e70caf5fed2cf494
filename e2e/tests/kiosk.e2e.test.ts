import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { seriousViolations } from "../support/axe.js";
import { answerCounterQuestions, kioskTablet, printlessTablet } from "../support/kiosk.js";
import { DEMO, signInThroughForm } from "../support/session.js";

const browser = browserPerFile();

async function tablet(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await printlessTablet(browser);
  return { context, page: await context.newPage() };
}

/** A staff PC on the day list, live. */
async function staffScreen(): Promise<Page> {
  const { page } = await tablet();
  await signInThroughForm(page);
  await page.getByText("自動更新中").waitFor();
  return page;
}

const kiosk = (options?: { withClock?: boolean }) => kioskTablet(browser, options);

const row = (page: Page, number: string) => page.locator(`tr[data-reception-number="${number}"]`);

describe("the counter kiosk", () => {
  it("goes from welcome to ticket and back; a staff screen sees 受付中 turn into 未確認", async () => {
    const counter = await kiosk();
    await screenshot(counter, "kiosk-welcome", { fullPage: false });
    // Never the list, a name or a sign-out.
    expect(await counter.getByText("本日の受付").count()).toBe(0);
    expect(await counter.getByRole("button", { name: "ログアウト" }).count()).toBe(0);
    // The tablet stays the kiosk across a reload (its device token is its refresh token).
    await counter.reload();
    await counter.getByText("いらっしゃいませ").waitFor();

    const staff = await staffScreen();
    await counter.getByRole("button", { name: "受付する" }).click();
    const number = (await counter.getByTestId("counter-number").textContent())!.trim();
    await row(staff, number).getByText("受付中").waitFor();
    // Camera only: a patient is never offered the tablet's own files.
    await counter.getByRole("button", { name: "処方箋を撮影" }).waitFor();
    expect(await counter.getByRole("button", { name: "画像・PDFを選ぶ" }).count()).toBe(0);
    await screenshot(counter, "kiosk-photo-step-camera-only", { fullPage: false });
    // 受付中 is not counted as 未確認.
    const unconfirmedCount = () => staff.locator(".ant-segmented-item", { hasText: "未確認" }).textContent();
    const before = await unconfirmedCount();
    await screenshot(staff, "staff-list-in-progress", { fullPage: false });

    await answerCounterQuestions(counter);
    await counter.getByRole("button", { name: "確定" }).click();
    await counter.getByTestId("done-number").waitFor();
    await row(staff, number).getByText("未確認").waitFor();
    expect(await unconfirmedCount()).not.toBe(before);
    // Auto-print is off: nothing came out, so nobody is told to take a ticket.
    await counter.getByTestId("done-guidance").waitFor();
    expect(await counter.getByTestId("done-guidance").textContent()).not.toContain("受付票をお受け取りください");
    await screenshot(counter, "kiosk-done-not-printed", { fullPage: false });
    await counter.getByRole("button", { name: "受付票を印刷" }).click();
    await counter.getByTestId("done-guidance").getByText("受付票をお受け取りください", { exact: false }).waitFor();

    await counter.getByRole("button", { name: "最初の画面に戻る" }).click();
    await counter.getByTestId("counter-number").waitFor({ state: "detached" });
    await counter.getByRole("button", { name: "受付する" }).waitFor();
  });

  it("left idle asks 続けますか？, then cancels; the reception disappears from a staff screen", async () => {
    const counter = await kiosk({ withClock: true });
    const staff = await staffScreen();
    await counter.getByRole("button", { name: "受付する" }).click();
    const number = (await counter.getByTestId("counter-number").textContent())!.trim();
    await row(staff, number).getByText("受付中").waitFor();

    await counter.clock.runFor("01:31");
    await counter.getByText("続けますか？").waitFor();
    await screenshot(counter, "kiosk-idle-question", { fullPage: false });
    await counter.clock.runFor("00:31");
    await row(staff, number).waitFor({ state: "detached" });
    // The flow closes over the welcome screen, which stays underneath.
    await counter.getByTestId("counter-number").waitFor({ state: "detached" });
    await counter.getByRole("button", { name: "受付する" }).waitFor();
  });

  it("cannot reach the staff screens by URL, and a staff sign-in turns it back into a staff screen", async () => {
    const counter = await kiosk();
    for (const url of ["/staff", "/settings", "/settings/general-settings/", "/devices", "/audit"]) {
      await counter.goto(url);
      await counter.getByText("このページを表示する権限がありません").waitFor();
    }
    await counter.goto("/?date=2026-01-05");
    await counter.getByText("いらっしゃいませ").waitFor();
    expect(await counter.getByText("受付一覧").count()).toBe(0);

    await counter.getByRole("button", { name: "スタッフ用" }).click();
    const dialog = counter.getByRole("dialog");
    await dialog.getByLabel("メールアドレス").fill(DEMO.email);
    await dialog.getByLabel("パスワード", { exact: true }).fill(DEMO.password);
    await dialog.getByRole("button", { name: "ログインしてスタッフ画面にする" }).click();
    await counter.getByText("自動更新中").waitFor();
    await counter.reload();
    await counter.getByText("自動更新中").waitFor();
  });

  it("tells the patient to ask the staff when the server does not answer (item 8)", async () => {
    const counter = await kiosk();
    await counter.route("**/api/reception", (route) =>
      route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue(),
    );
    await counter.getByRole("button", { name: "受付する" }).click();
    await counter.getByText("スタッフにお声がけください", { exact: false }).waitFor();
    expect(await counter.getByText("ネットワークを確認してください", { exact: false }).count()).toBe(0);
    await screenshot(counter, "kiosk-server-down", { fullPage: false });
    expect(await seriousViolations(counter)).toEqual([]);
  });

  it("sends a patient with an expired prescription to the staff instead of a list of greyed days (item 7)", async () => {
    const counter = await kiosk();
    await counter.getByRole("button", { name: "受付する" }).click();
    // Issued three weeks ago: long past its four days.
    const photo = await prescriptionPhoto(samplePrescriptionPayload({ issuedOn: "20261101" }));
    await counter
      .getByTestId("camera-input")
      .setInputFiles({ name: "expired.jpg", mimeType: "image/jpeg", buffer: photo });
    await counter.getByText("送信しました").waitFor();
    await counter.getByRole("button", { name: "次へ" }).click();
    for (let step = 0; step < 15; step++) {
      const prompt = counter.locator("#question-prompt");
      await prompt.waitFor();
      const text = (await prompt.textContent()) ?? "";
      if (text.includes("ご来局予定日")) break;
      const laterVisit = counter.getByRole("group").getByRole("button", { name: "後で取りに来る" });
      await (
        (await laterVisit.count()) > 0 ? laterVisit : counter.getByRole("group").getByRole("button").first()
      ).click();
      await counter.waitForFunction(
        (previous) => document.querySelector("#question-prompt")?.textContent !== previous,
        text,
      );
    }
    await counter.getByTestId("return-date-notice").getByText("スタッフにお声がけください", { exact: false }).waitFor();
    await screenshot(counter, "kiosk-expired-prescription", { fullPage: false });
    expect(await seriousViolations(counter)).toEqual([]);
  });
});
