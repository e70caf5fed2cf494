import { beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { screenshot, newAppContext } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { jpegSize, LARGE_PHOTO_PAYLOAD, largePhoto } from "../support/large-photo.js";
import { callApi, demoIdToken, phoneContext } from "../support/session.js";
import { visitorOnPublicPage, consentToPhotosIfAsked } from "../support/web-form.js";

const baseUrl = inject("baseUrl");
const browser = browserPerFile();

let publicSlug: string;

beforeAll(async () => {
  ({ publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, await demoIdToken(baseUrl), "GET", "/api/pharmacy"));
});

describe("the public page on a phone", () => {
  it("checks each file when it is chosen and names the one it cannot send", async () => {
    const page = await visitorOnPublicPage(browser, publicSlug);
    await page
      .getByTestId("photo-file-input")
      .setInputFiles({ name: "shohousen.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
    await page.getByText("「shohousen.jpg」：JPEG・PNG・WebP・HEICの画像またはPDFを選んでください。").waitFor();
    await page.getByText("0 / 5枚").waitFor();
    await page.getByText("「shohousen.jpg」").scrollIntoViewIfNeeded();
    await screenshot(page, "public-photo-rejected", { fullPage: false });
  });

  it("asks for the return day first, without an error under the time question, and says 「スマートフォンで入力」", async () => {
    // 「スマートフォンで入力」 is offered only while the branch has a web questionnaire
    const idToken = await demoIdToken(baseUrl);
    const before = await callApi<{ webQuestionnaireUrl?: string }>(baseUrl, idToken, "GET", "/api/pharmacy");
    await callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", { webQuestionnaireUrl: "https://example.jp/monshin" });
    onTestFinished(() =>
      callApi(baseUrl, idToken, "PATCH", "/api/pharmacy", { webQuestionnaireUrl: before.webQuestionnaireUrl ?? "" }),
    );
    const page = await visitorOnPublicPage(browser, publicSlug);
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
    const context = await browser.context(phoneContext);
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

  it("sends a grainy 12-megapixel phone photo as at most 850 KB (≤ 10 s at 750 kbit/s), its 2D code still read", async () => {
    const page = await visitorOnPublicPage(browser, publicSlug);
    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(3_500_000);
    await page.getByRole("radio", { name: "紙の処方箋" }).click();
    await page
      .getByTestId("photo-file-input")
      .setInputFiles({ name: "IMG_4000.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByText("1 / 5枚").waitFor();
    for (const step of ["2 / 5", "3 / 5", "4 / 4"]) {
      await page.getByRole("button", { name: "次へ" }).click();
      await page.getByTestId("step-count").getByText(step, { exact: true }).waitFor();
      if (step === "3 / 5") await page.getByRole("radio", { name: "店内で待つ" }).click();
    }
    await page.getByLabel("お名前（フリガナ）").fill("シャシン テスト");
    await page.getByLabel("電話番号", { exact: true }).fill("09011112222");
    const sent = page.waitForRequest(
      (request) => request.method() === "POST" && /\/api\/public\/pharmacy\/[^/]+\/reception$/.test(request.url()),
    );
    await consentToPhotosIfAsked(page);
    await page.getByRole("button", { name: "この内容で受付する" }).click();
    // The whole multipart body, as it goes up the phone's link.
    expect((await (await sent).sizes()).requestBodySize).toBeLessThan(900_000);
    const number = Number(await page.getByTestId("reception-number").textContent());

    const idToken = await demoIdToken(baseUrl);
    type Listed = {
      receptions: {
        receptionNumber: number;
        prescriptions: { fileId?: string; codeStatus?: string; rx?: { raw: string } }[];
      }[];
    };
    const prescriptionOf = async () =>
      (await callApi<Listed>(baseUrl, idToken, "GET", "/api/reception")).receptions.find(
        (reception) => reception.receptionNumber === number,
      )!.prescriptions[0]!;
    await expect.poll(async () => (await prescriptionOf()).codeStatus, { timeout: 30_000 }).toBe("read");
    const prescription = await prescriptionOf();
    expect(prescription.rx?.raw).toBe(LARGE_PHOTO_PAYLOAD);
    const stored = Buffer.from(
      await (
        await fetch(`${baseUrl}/api/file/${prescription.fileId}`, { headers: { authorization: `Bearer ${idToken}` } })
      ).arrayBuffer(),
    );
    const size = jpegSize(stored);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(2400);
    expect(Math.max(size.width, size.height)).toBeGreaterThanOrEqual(1800);
    expect(stored.length).toBeLessThanOrEqual(850_000);
  });

  it("works step by step on a small phone over slow 4G, each step's buttons on the first screen", async () => {
    const context = await browser.context((launched, url) =>
      newAppContext(launched, url, { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true }),
    );
    const page = await context.newPage();
    // Lighthouse's "slow 4G" (150 ms RTT ×3.75 as DevTools applies it, 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 562,
      downloadThroughput: 180_000,
      uploadThroughput: 84_000,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`/web/${publicSlug}`, { waitUntil: "commit" });
    await page.getByRole("heading", { name: "デモ薬局 本店" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "slow-4g-1-first-screen", { fullPage: false });

    /** The step's own 「次へ」 or send button is on the screen once the step's top is scrolled in. */
    async function expectStepOnScreen(name: string, button: string) {
      await page.locator("form[name=web-reception]").evaluate((form) => form.scrollIntoView({ block: "start" }));
      const box = (await page.getByRole("button", { name: button }).boundingBox())!;
      await screenshot(page, name, { fullPage: false });
      expect(box.y + box.height).toBeLessThanOrEqual(667);
    }
    await page.getByRole("radio", { name: "電子処方箋" }).click();
    await page.getByRole("radio", { name: "マイナ保険証" }).click();
    await expectStepOnScreen("slow-4g-2-step-prescription", "次へ");
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByRole("radio", { name: "いいえ" }).first().click();
    await expectStepOnScreen("slow-4g-3-step-questions", "次へ");
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByRole("radio", { name: "店内で待つ" }).click();
    await expectStepOnScreen("slow-4g-4-step-receive", "次へ");
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByLabel("お名前（フリガナ）").fill("ヤクキョク ハナコ");
    await page.getByLabel("電話番号", { exact: true }).fill("09012345678");
    await expectStepOnScreen("slow-4g-5-step-contact", "この内容で受付する");
    await consentToPhotosIfAsked(page);
    await page.getByRole("button", { name: "この内容で受付する" }).click();
    await page.getByText("受付が完了しました").waitFor({ timeout: 20_000 });
    await screenshot(page, "slow-4g-6-done", { fullPage: false });
    await page.getByRole("link", { name: "受付状況を見る" }).click();
    await page.getByTestId("reception-status").waitFor({ timeout: 20_000 });
    await screenshot(page, "slow-4g-7-status", { fullPage: false });
  });
});
