import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { waitForMails } from "@pharmacy/test-support/mail";
import { screenshot, newAppContext } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { demoIdToken, phoneContext, signInThroughForm } from "../support/session.js";
import { fillWebReception, submitWebReception } from "../support/web-form.js";

const baseUrl = inject("baseUrl");
const outboxDir = inject("outboxDir");
const browser = browserPerFile();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");
/** The status page polls every 10 s: allow two rounds. */
const STATUS_TIMEOUT_MS = 25_000;
const VISITOR_EMAIL = "visitor-status@example.jp";

let publicSlug: string;
let staffToken: string;

beforeAll(async () => {
  staffToken = await demoIdToken(baseUrl);
  publicSlug = (await staffApi<{ publicSlug: string }>("GET", "/api/pharmacy")).publicSlug;
});

async function staffApi<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${staffToken}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A staff PC signed in as the demo branch, on the day list. */
async function staffPage(): Promise<Page> {
  const context = await browser.context((launched, url) =>
    newAppContext(launched, url, { viewport: { width: 1280, height: 800 } }),
  );
  const page = await context.newPage();
  await signInThroughForm(page);
  return page;
}

const mailsToVisitor = (count: number) => waitForMails(outboxDir, VISITOR_EMAIL, count);

describe("the visitor's status page", () => {
  it("shows the people ahead, follows Completed without a reload, and takes new photos that staff see arrive live", async () => {
    const staff = await staffPage();
    const visitor = await browser.page(phoneContext);

    await fillWebReception(visitor, { publicSlug, photo: PHOTO, name: "ヤクキョク ジロウ", email: "not an address" });
    await visitor.getByRole("button", { name: "この内容で受付する" }).click();
    await visitor.getByText("メールアドレスは有効なメールアドレスではありません").waitFor();
    await visitor.getByLabel("メールアドレス（任意）").fill(VISITOR_EMAIL);
    const number = await submitWebReception(visitor);

    await visitor.getByRole("link", { name: "受付状況を見る" }).click();
    await visitor.waitForURL(/\/web\/status\//);
    const statusToken = decodeURIComponent(new URL(visitor.url()).pathname.split("/").at(-1)!);
    const { ahead } = (await (await fetch(`${baseUrl}/api/public/reception/${statusToken}`)).json()) as {
      ahead: number;
    };
    await visitor.getByTestId("status-wait").getByText(`あなたの前に ${ahead}人`).waitFor();
    // Chromium has Web Push: the offer is there (subscribing needs the browser's push service, which this machine cannot reach)
    await visitor.getByRole("button", { name: "準備ができたら通知を受け取る" }).waitFor();
    await screenshot(visitor, "visitor-status-waiting");
    // a tap registers the patient pages' push-only service worker for the status pages
    await visitor.context().grantPermissions(["notifications"], { origin: baseUrl });
    await visitor.getByRole("button", { name: "準備ができたら通知を受け取る" }).click();
    const activeWorker = () =>
      visitor.evaluate(async () => (await navigator.serviceWorker.getRegistration("/web/status/"))?.active?.scriptURL);
    await expect.poll(activeWorker, { timeout: 15_000 }).toBe(`${baseUrl}/public-push-sw.js`);

    const { receptions } = await staffApi<{ receptions: { id: string; receptionNumber: number }[] }>(
      "GET",
      "/api/reception",
    );
    const reception = receptions.find((candidate) => candidate.receptionNumber === Number(number))!;
    await staffApi("PATCH", `/api/reception/${reception.id}`, { id: reception.id, status: "Completed" });
    await visitor
      .getByTestId("reception-status")
      .getByText("お薬をお渡しできます")
      .waitFor({ timeout: STATUS_TIMEOUT_MS });
    expect(await visitor.getByTestId("status-wait").count()).toBe(0);
    await screenshot(visitor, "visitor-status-ready");
    expect((await mailsToVisitor(1))[0]).toContain(`受付番号 ${number}番のお薬の準備ができました。`);

    await staffApi("POST", `/api/reception/${reception.id}/call`);
    await visitor
      .getByTestId("status-called")
      .getByText("お呼びしています。お渡し口までお越しください。")
      .waitFor({ timeout: STATUS_TIMEOUT_MS });

    await staffApi("POST", `/api/reception/${reception.id}/photo_request`, {
      reason: "Blurry",
      message: "処方箋全体が入るように撮影してください。",
    });
    const request = visitor.getByTestId("photo-request");
    await request.getByText("ピントが合っていません").waitFor({ timeout: STATUS_TIMEOUT_MS });
    await request.getByText("処方箋全体が入るように撮影してください。").waitFor();
    await screenshot(visitor, "visitor-status-photo-request");
    await request.getByTestId("photo-file-input").setInputFiles(PHOTO);
    await request.getByText("1 / 5枚").waitFor();
    await request.getByRole("checkbox", { name: /処方箋の写真を.*同意します/ }).check();
    await request.getByRole("button", { name: "写真を送る" }).click();
    await visitor.getByTestId("photos-received").waitFor();
    expect(await visitor.getByTestId("photo-request").count()).toBe(0);
    await screenshot(visitor, "visitor-status-photos-sent");

    // the staff screen, open on the day list all along, marks the reception live
    await staff.locator(`tr[data-reception-number="${number}"]`).getByText("新しい写真").waitFor({ timeout: 10_000 });
    await screenshot(staff, "visitor-status-staff-new-photos", { fullPage: false });
    expect((await mailsToVisitor(3)).map((mail) => mail.split("\n")[0])).toEqual([
      `受付番号 ${number}番のお薬の準備ができました。薬局の窓口で受付番号をお伝えください。`,
      `受付番号 ${number}番の方、お薬のご用意ができました。お渡し口までお越しください。`,
      `受付番号 ${number}番：ピントが合っていません。受付状況のページから新しい写真を送ってください。`,
    ]);
  });
});
