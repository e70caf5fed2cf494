import type { Page, WebSocketRoute } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations } from "../support/axe.js";
import { screenshot, newAppContext } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { becomeCallingDisplay, inkHeight, recordSound } from "../support/display.js";
import { callApi, DEMO, demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";
import { connectSignedIn } from "@pharmacy/test-support/ws-client";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();

interface Reception {
  id: string;
  receptionNumber: number;
}
/** A patient's name set on every reception here: the display must never show it. */
const PATIENT = "ヒョウジ サレナイ";
/** The literal sentence of docs/rules.md#the-patients-wait. */
const announcement = (number: number) =>
  `受付番号 ${number}番の方、お薬のご用意ができました。お渡し口までお越しください。`;

let idToken: string;

beforeAll(async () => {
  idToken = await demoIdToken(baseUrl);
});

async function receptionWithStatus(status: "Dispensing" | "Completed"): Promise<Reception> {
  const reception = await callApi<Reception>(baseUrl, idToken, "POST", "/api/reception");
  return callApi<Reception>(baseUrl, idToken, "PATCH", `/api/reception/${reception.id}`, {
    id: reception.id,
    status,
    patientName: PATIENT,
  });
}

/** The waiting room's TV: 1920×1080, its websocket routed through the test so that the test can cut it. */
async function callingDisplay({ screenshotGate = false } = {}) {
  const context = await browser.context((launched, url) =>
    newAppContext(launched, url, { viewport: { width: 1920, height: 1080 } }),
  );
  await context.addInitScript(recordSound);
  const sockets = new Set<WebSocketRoute>();
  let outage = false;
  await context.routeWebSocket(/\/ws$/, (socket) => {
    if (outage) {
      socket.close();
      return;
    }
    sockets.add(socket);
    socket.connectToServer();
  });
  const page = await context.newPage();
  await signInThroughForm(page);
  await becomeCallingDisplay(page, { screenshotGate });
  return {
    page,
    /** The network goes: open sockets drop, new ones and every request fail, until `restore`. */
    async cut() {
      outage = true;
      await context.setOffline(true);
      await Promise.all([...sockets].map((socket) => socket.close()));
      sockets.clear();
    },
    async restore() {
      outage = false;
      await context.setOffline(false);
    },
  };
}

async function staffScreenOn(reception: Reception): Promise<Page> {
  const context = await browser.context(tabletContext);
  const page = await context.newPage();
  await signInThroughForm(page, `/?receptionId=${reception.id}`);
  await page.getByText("自動更新中").waitFor();
  return page;
}

const readyNumber = (page: Page, number: number) =>
  page.getByTestId("board-ready").locator(`[data-board-number="${number}"]`);
const preparingNumber = (page: Page, number: number) =>
  page.getByTestId("board-preparing").locator(`[data-board-number="${number}"]`);
/** Numbers drawn outside their list, and a footer below the screen: what a TV would cut off (none expected). */
function everythingInside(): string[] {
  const outside: string[] = [];
  for (const cell of document.querySelectorAll("[data-board-number]")) {
    const box = cell.getBoundingClientRect();
    const list = cell.parentElement!.getBoundingClientRect();
    if (box.left < list.left || box.right > list.right || box.top < list.top || box.bottom > list.bottom)
      outside.push(cell.getAttribute("data-board-number")!);
  }
  if (document.querySelector("footer")!.getBoundingClientRect().bottom > window.innerHeight) outside.push("footer");
  return outside;
}

const sounds = (page: Page) => page.evaluate(() => window.__sounds ?? []);
const said = (page: Page, text: string, timeout = 5000) =>
  page.waitForFunction((sentence) => window.__sounds?.includes(sentence), text, { timeout });

describe("the calling display", () => {
  it("shows a called number within 2 s and says it; 「お渡し済み」 takes it off; never a name or the staff menu", async () => {
    const ready = await receptionWithStatus("Completed");
    const display = await callingDisplay();
    const staff = await staffScreenOn(ready);
    // Completed but not called yet: already on the ready list, not highlighted, nothing said.
    await readyNumber(display.page, ready.receptionNumber).waitFor();
    expect(await sounds(display.page)).toEqual([]);

    const started = Date.now();
    await staff.getByRole("button", { name: "呼び出す" }).click();
    // A functional deadline, not a benchmark (bench/call-to-display.ts measures the delay).
    await display.page
      .locator(`[class*=latestCell][data-board-number="${ready.receptionNumber}"]`)
      .waitFor({ timeout: 2000 });
    console.log(`call → highlighted on the display: ${Date.now() - started} ms`);
    await said(display.page, announcement(ready.receptionNumber));
    // The chime (two tones) first, then the sentence.
    expect(await sounds(display.page)).toEqual(["tone", "tone", announcement(ready.receptionNumber)]);

    const text = await display.page.locator("body").innerText();
    expect(text).not.toContain(PATIENT);
    expect(text).not.toContain("ヒョウジ");
    expect(await display.page.getByRole("button", { name: /管理者|ログアウト/ }).count()).toBe(0);

    await staff.getByRole("button", { name: "お渡し済み" }).click();
    await readyNumber(display.page, ready.receptionNumber).waitFor({ state: "detached" });
  });

  it("says two quick calls one after the other", async () => {
    const [first, second] = [await receptionWithStatus("Completed"), await receptionWithStatus("Completed")];
    const display = await callingDisplay();
    await callApi(baseUrl, idToken, "POST", `/api/reception/${first.id}/call`);
    await callApi(baseUrl, idToken, "POST", `/api/reception/${second.id}/call`);
    await said(display.page, announcement(second.receptionNumber), 10_000);
    expect(await sounds(display.page)).toEqual([
      "tone",
      "tone",
      announcement(first.receptionNumber),
      "tone",
      "tone",
      announcement(second.receptionNumber),
    ]);
  });

  it("survives a network outage: 「再接続中」, then the call made meanwhile is on the board, highlighted (its frame never came: not said)", async () => {
    const called = await receptionWithStatus("Completed");
    const display = await callingDisplay();
    await display.cut();
    await display.page.getByText("再接続中").waitFor({ timeout: 10_000 });
    // a staff socket sees the call's frame: it has been sent while the display had no socket
    const witness = await connectSignedIn(baseUrl, idToken);
    try {
      await callApi(baseUrl, idToken, "POST", `/api/reception/${called.id}/call`);
      await witness.next((frame) => "reception" in frame && frame.reception.id === called.id, 15_000);
    } finally {
      witness.close();
    }
    await display.restore();
    await display.page
      .locator(`[class*=latestCell][data-board-number="${called.receptionNumber}"]`)
      .waitFor({ timeout: 15_000 });
    await display.page.getByText("再接続中").waitFor({ state: "detached", timeout: 15_000 });
    // Live again: the next call arrives over the new socket and is said; only a call's own frame is.
    const next = await receptionWithStatus("Completed");
    await callApi(baseUrl, idToken, "POST", `/api/reception/${next.id}/call`);
    await said(display.page, announcement(next.receptionNumber));
    expect(await sounds(display.page)).toEqual(["tone", "tone", announcement(next.receptionNumber)]);
  });

  it("is readable from a few steps away at 1920×1080 and on a 1280×720 TV; a staff sign-in leaves display mode", async () => {
    const preparing = await Promise.all(Array.from({ length: 5 }, () => receptionWithStatus("Dispensing")));
    const ready = [];
    for (let i = 0; i < 4; i++) ready.push(await receptionWithStatus("Completed"));
    await callApi(baseUrl, idToken, "POST", `/api/reception/${ready[1]!.id}/call`);
    await callApi(baseUrl, idToken, "POST", `/api/reception/${ready[3]!.id}/call`);
    const display = await callingDisplay({ screenshotGate: true });
    const { page } = display;
    await preparingNumber(page, preparing[0]!.receptionNumber).waitFor();
    await page.locator(`[class*=latestCell][data-board-number="${ready[3]!.receptionNumber}"]`).waitFor();
    await screenshot(page, "display-1920x1080", { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(everythingInside)).toEqual([]);

    // The digits themselves (their ink, not the line box) are at least 120 px tall at 1920×1080.
    const heights = async () => ({
      preparing: await page.getByTestId("board-preparing").locator("span").first().evaluate(inkHeight),
      ready: await page.getByTestId("board-ready").locator("span").first().evaluate(inkHeight),
    });
    const full = await heights();
    console.log(
      `digit height at 1920×1080: preparing ${full.preparing.toFixed(0)} px, ready ${full.ready.toFixed(0)} px`,
    );
    expect(full.preparing).toBeGreaterThanOrEqual(120);
    expect(full.ready).toBeGreaterThanOrEqual(120);

    // A 1280×720 TV shows the same board, two thirds the size, nothing cut off.
    await page.setViewportSize({ width: 1280, height: 720 });
    const small = await heights();
    expect(small.ready / full.ready).toBeCloseTo(720 / 1080, 1);
    expect(await page.evaluate(everythingInside)).toEqual([]);
    await screenshot(page, "display-1280x720", { fullPage: false });

    await page.getByRole("button", { name: "スタッフ用" }).click();
    const dialog = page.getByRole("dialog", { name: "スタッフ用：呼出画面を終了" });
    await dialog.getByLabel("メールアドレス").fill(DEMO.email);
    await dialog.getByLabel("パスワード").fill(DEMO.password);
    await dialog.getByRole("button", { name: "ログインしてスタッフ画面にする" }).click();
    await page.getByText("自動更新中").waitFor();
  });

  it("fits three-digit and split numbers in their cells, three digits still 120 px tall", async () => {
    const display = await callingDisplay();
    const { page } = display;
    // A busy day's board, as the server would answer it (the demo branch's numbers are still small).
    const receptionDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());
    const board = {
      pharmacyName: "デモ薬局 本店",
      preparing: [998, 999, 1000, 1001]
        .map((receptionNumber) => ({ receptionNumber, partitionNumber: 0, receptionDate }))
        .concat([{ receptionNumber: 1002, partitionNumber: 2, receptionDate }]),
      ready: [
        { receptionNumber: 995, partitionNumber: 12, receptionDate, calledAt: new Date().toISOString() },
        { receptionNumber: 996, partitionNumber: 0, receptionDate },
        { receptionNumber: 997, partitionNumber: 1, receptionDate },
      ],
      waitMinutes: 25,
    };
    await page.route("**/api/display/board", (route) => route.fulfill({ json: board }));
    await page.reload();
    await page.getByRole("button", { name: "音声を有効にする" }).click();
    await page.getByTestId("board-ready").locator('[data-board-number="995-12"]').waitFor();
    await screenshot(page, "display-long-numbers", { fullPage: false });
    expect(await page.evaluate(everythingInside)).toEqual([]);
    const threeDigits = await page
      .getByTestId("board-preparing")
      .locator('[data-board-number="999"] span')
      .first()
      .evaluate(inkHeight);
    console.log(`three digits at 1920×1080: ${threeDigits.toFixed(0)} px`);
    expect(threeDigits).toBeGreaterThanOrEqual(120);
  });
});
