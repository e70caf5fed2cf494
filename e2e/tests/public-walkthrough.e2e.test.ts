import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, screenshot } from "../support/browser.js";
import { callApi, demoIdToken, phoneContext } from "../support/session.js";

const baseUrl = inject("baseUrl");

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  let offset = 2;
  while (offset < jpeg.length) {
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: jpeg.readUInt16BE(offset + 5), width: jpeg.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error("not a JPEG");
}

let browser: Browser;
let publicSlug: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, await demoIdToken(baseUrl), "GET", "/api/pharmacy"));
});
afterAll(() => browser.close());
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function visitor(): Promise<Page> {
  const context = await phoneContext(browser, baseUrl);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/web/${publicSlug}`);
  await page.getByRole("heading", { name: "デモ薬局 本店" }).waitFor();
  return page;
}

describe("the public page on a phone", () => {
  it("checks each file when it is chosen and names the one it cannot send", async () => {
    const page = await visitor();
    await page.getByTestId("photo-file-input").setInputFiles({ name: "shohousen.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
    await page.getByText("「shohousen.jpg」は写真（JPEG・PNG・WebP・HEIC）またはPDFではないため送れません。").waitFor();
    await page.getByText("0 / 5枚").waitFor();
    await page.getByText("「shohousen.jpg」").scrollIntoViewIfNeeded();
    await screenshot(page, "public-photo-rejected", { fullPage: false });
  });

  it("asks for the return day first, without an error under the time question, and says 「スマートフォンで入力」", async () => {
    const page = await visitor();
    await page.getByRole("radio", { name: "電子処方箋" }).click();
    await page.getByRole("radio", { name: "マイナ保険証" }).click();
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByRole("radio", { name: "はい" }).first().click();
    await page.getByRole("radio", { name: "スマートフォンで入力" }).waitFor();
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByRole("radio", { name: "後で取りに来る" }).click();
    await page.getByRole("button", { name: "次へ" }).click();
    const hint = page.getByText("先にご来局予定日を選んでください。その日の時間帯がここに表示されます。");
    await hint.waitFor();
    expect(await page.getByText("選べる候補がありません").count()).toBe(0);
    await hint.scrollIntoViewIfNeeded();
    await screenshot(page, "public-return-visit-before-date", { fullPage: false });
  });

  it("loads its own light entry: no staff code, no staff service worker, little JavaScript", async () => {
    const context = await phoneContext(browser, baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`/web/${publicSlug}`);
    await page.getByRole("heading", { name: "デモ薬局 本店" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((script) => /^\/assets\/public-/.test(script))).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await page.evaluate(() => document.querySelector("[class*='ant-']"))).toBeNull();
  });

  it("sends a 4000×3000 phone photo with its long side at 2,400 px", async () => {
    const page = await visitor();
    const photo = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 4000;
      canvas.height = 3000;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, 4000, 3000);
      context.fillStyle = "#000";
      for (let x = 0; x < 4000; x += 40) context.fillRect(x, (x * 7) % 3000, 20, 20);
      return canvas.toDataURL("image/jpeg", 0.95).split(",")[1]!;
    });
    await page.getByRole("radio", { name: "紙の処方箋" }).click();
    await page.getByTestId("photo-file-input").setInputFiles({ name: "IMG_4000.jpg", mimeType: "image/jpeg", buffer: Buffer.from(photo, "base64") });
    await page.getByText("1 / 5枚").waitFor();
    for (const step of ["2 / 4", "3 / 4", "4 / 4"]) {
      await page.getByRole("button", { name: "次へ" }).click();
      await page.getByTestId("step-count").getByText(step, { exact: true }).waitFor();
      if (step === "3 / 4") await page.getByRole("radio", { name: "店内で待つ" }).click();
    }
    await page.getByLabel("お名前（フリガナ）").fill("シャシン テスト");
    await page.getByLabel("電話番号", { exact: true }).fill("09011112222");
    await page.getByRole("button", { name: "この内容で受付する" }).click();
    const number = Number(await page.getByTestId("reception-number").textContent());

    const idToken = await demoIdToken(baseUrl);
    const { receptions } = await callApi<{ receptions: { receptionNumber: number; prescriptions: { fileId?: string }[] }[] }>(baseUrl, idToken, "GET", "/api/reception");
    const fileId = receptions.find((reception) => reception.receptionNumber === number)!.prescriptions[0]!.fileId!;
    const stored = Buffer.from(await (await fetch(`${baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${idToken}` } })).arrayBuffer());
    expect(jpegSize(stored)).toEqual({ width: 2400, height: 1800 });
  });
});
