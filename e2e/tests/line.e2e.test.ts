import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LINE_CODE_PATTERN, lineLinkMessage } from "@pharmacy/contract/line/line";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, phoneContext, signInThroughForm } from "../support/session.js";
import { sendFromLine } from "../support/line.js";

const baseUrl = inject("baseUrl");
const line = inject("lineAccount");
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");

const browser = browserPerFile();
let idToken: string;
let publicSlug: string;

beforeAll(async () => {
  idToken = await demoIdToken(baseUrl);
  publicSlug = (await callApi<{ publicSlug: string }>(baseUrl, idToken, "GET", "/api/pharmacy")).publicSlug;
});
afterAll(async () => {
  // the demo branch goes back to no LINE: the other files' status pages stay as they were
  await callApi(baseUrl, idToken, "DELETE", "/api/line/settings").catch(() => undefined);
});

/** A web reception sent as the public page sends it; its status link's token. */
async function webReception(): Promise<string> {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  form.append("file", new Blob([await readFile(PHOTO)], { type: "image/jpeg" }), "prescription.jpg");
  const response = await fetch(`${baseUrl}/api/public/pharmacy/${publicSlug}/reception`, {
    method: "POST",
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { statusToken: string }).statusToken;
}

describe("LINE", () => {
  it("an admin connects the branch's LINE Official Account on /settings/line/ and sees the webhook address", async () => {
    const page = await browser.page();
    await signInThroughForm(page, "/settings/line/");
    await page.getByRole("heading", { name: "LINE連携" }).waitFor();
    expect(await page.getByTestId("line-webhook-url").textContent()).toContain(`/api/line/webhook/${publicSlug}`);
    await page.getByLabel("チャネルシークレット（チャネル基本設定）").fill(line.channelSecret);
    await page.getByLabel("チャネルアクセストークン（長期）（Messaging API設定）").fill(line.accessToken);
    await page.getByLabel("LINE ID（ベーシックID）").fill(line.basicId);
    await page.getByLabel("1か月の送信上限（任意）").fill("200");
    await page.getByRole("button", { name: "LINEで確認して保存" }).click();
    await page.getByText("連携中のLINE公式アカウント").waitFor();
    await page.getByText(line.displayName, { exact: true }).waitFor();
    // the branch's count of the month: other files' LINE notices to the demo branch count too
    const { sentThisMonth } = await callApi<{ sentThisMonth: number }>(baseUrl, idToken, "GET", "/api/line/settings");
    expect(await page.getByTestId("line-sent-this-month").textContent()).toBe(`${sentThisMonth}通 ／ 上限 200通`);
    expect(await page.getByLabel("チャネルシークレット（チャネル基本設定）").inputValue()).toBe("");
    expect(await page.content()).not.toContain(line.accessToken);
    await screenshot(page, "line-settings");
  });

  it("a patient's phone taps 「LINEで通知を受け取る」 and LINE opens with the code typed in; sending it links the reception", async () => {
    const statusToken = await webReception();
    const context = await browser.context(phoneContext);
    let lineUrl: string | undefined;
    // LINE's app is not here: the address the page opens is caught and answered by a blank page
    await context.route("https://line.me/**", async (route) => {
      lineUrl = route.request().url();
      await route.fulfill({ status: 200, contentType: "text/html", body: "<title>LINE</title>" });
    });
    const page = await context.newPage();
    await page.goto(`/web/status/${statusToken}`);
    const button = page.getByRole("button", { name: "LINEで通知を受け取る" });
    await button.waitFor();
    await screenshot(page, "line-offer-phone");
    await button.click();
    await page.waitForURL(/^https:\/\/line\.me\//);
    const prefix = `https://line.me/R/oaMessage/${encodeURIComponent(line.basicId)}/?`;
    expect(lineUrl?.startsWith(prefix)).toBe(true);
    const text = decodeURIComponent(lineUrl!.slice(prefix.length));
    const code = LINE_CODE_PATTERN.exec(text)?.[0];
    expect(text).toBe(lineLinkMessage(code!));

    // the patient presses send in LINE: LINE calls the webhook, signed with the channel secret
    expect((await sendFromLine(baseUrl, publicSlug, line, text)).status).toBe(200);
    await page.goto(`${baseUrl}/web/status/${statusToken}`);
    await page.getByText("LINEでお知らせを受け取る設定になっています。").waitFor();
    await page.getByRole("button", { name: "別のLINEでも通知を受け取る" }).waitFor();
    await screenshot(page, "line-linked-phone");
  });
});
