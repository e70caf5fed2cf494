import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { animationsFinished, newAppContext } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";
import { consentToPhotosIfAsked, fillWebReception, nextStep, openFold } from "../support/web-form.js";

/**
 * 「家族の分もまとめて」 (docs/rules.md#family): a mother sends for herself and two children in one go;
 * staff see one household of three and call them together; the next visit offers the three in one
 * tap; 「この端末から消す」 forgets them.
 */
const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");
/** Looked at by hand, outside the repository. */
const SHOTS = process.env.FAMILY_SHOTS_DIR ?? path.resolve(import.meta.dirname, "../screenshots/family");
const MOTHER = "ヤマダ ハナコ";
const CHILDREN = ["ヤマダ タロウ", "ヤマダ ユイ"];

/** An iPhone SE sized phone, in the language its browser is set to. */
const smallPhone = (locale: string) => (chromium: Browser, url: string) =>
  newAppContext(chromium, url, {
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    locale,
  });

let staffToken: string;
let publicSlug: string;

beforeAll(async () => {
  staffToken = await demoIdToken(baseUrl);
  const pharmacy = await fetch(`${baseUrl}/api/pharmacy`, { headers: { authorization: `Bearer ${staffToken}` } });
  publicSlug = ((await pharmacy.json()) as { publicSlug: string }).publicSlug;
  await mkdir(SHOTS, { recursive: true });
});

async function shot(page: Page, name: string): Promise<void> {
  await animationsFinished(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function staffApi<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${staffToken}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Row {
  id: string;
  receptionNumber: number;
  patientName?: string;
  householdId?: string;
}

/** Adds a family member on the last step: their name and their prescription's photo. */
async function addFamilyMember(page: Page, index: number, name: string, nameLabel: string): Promise<void> {
  // folded like the mail until opened: the send button stays on the first screen
  await openFold(page, "family");
  await page.getByTestId("family-add").click();
  const member = page.getByTestId("family-member").nth(index);
  await member.getByLabel(nameLabel).fill(name);
  await member.getByTestId("photo-file-input").setInputFiles(PHOTO);
  await member.getByRole("list").getByRole("img").waitFor();
}

describe("a mother's phone sending for the family", () => {
  it("sends three people in one go; staff see one household of three and call them together; the phone offers them next time and forgets them", async () => {
    const phone = await browser.page(smallPhone("ja-JP"));
    await fillWebReception(phone, { publicSlug, photo: PHOTO, name: MOTHER });
    // nobody is remembered yet: nothing is offered, the family is folded and 「この端末に覚える」 is off
    const remember = phone.getByTestId("remember-people");
    expect(await remember.isChecked()).toBe(false);
    expect(await phone.getByTestId("family").evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
    for (const [index, name] of CHILDREN.entries()) await addFamilyMember(phone, index, name, "お名前（フリガナ）");
    await remember.check();
    await consentToPhotosIfAsked(phone);
    await shot(phone, "ja-family-last-step");

    await phone.getByRole("button", { name: "この内容で受付する" }).click();
    await phone.getByText("受付が完了しました").waitFor();
    const own = Number((await phone.getByTestId("reception-number").textContent())!.trim());
    // the household's numbers are a piece of their own, in view a moment after the page's number
    await phone.getByTestId("household-numbers").getByText(CHILDREN[1]!).waitFor();
    const others = (await phone.getByTestId("household-number").allTextContents()).map(Number);
    expect(others).toEqual([own + 1, own + 2]);
    await shot(phone, "ja-family-sent");

    // one link shows every number of the household
    await phone.getByRole("link", { name: "受付状況を見る" }).click();
    await phone.getByTestId("status-reception-number").getByText(String(own)).waitFor();
    await phone.getByTestId("household-number").nth(1).waitFor();
    expect((await phone.getByTestId("household-number").allTextContents()).map(Number)).toEqual([own + 1, own + 2]);
    await shot(phone, "ja-family-status");

    // staff: one household of three on the list
    const list = await staffApi<{ receptions: Row[] }>("GET", "/api/reception");
    const household = list.receptions.filter((row) => [own, own + 1, own + 2].includes(row.receptionNumber));
    expect(household.map((row) => row.patientName).sort()).toEqual([MOTHER, ...CHILDREN].sort());
    expect(new Set(household.map((row) => row.householdId)).size).toBe(1);
    expect(household[0]!.householdId).toBeDefined();
    for (const row of household)
      await staffApi("PATCH", `/api/reception/${row.id}`, { id: row.id, status: "Completed" });

    const staff = await browser.page(tabletContext);
    await signInThroughForm(staff);
    const motherRow = staff.locator(`tr[data-reception-number="${own}"]`);
    await motherRow.getByTestId("row-household").getByText("同じ家族 2件").waitFor();
    for (const number of [own + 1, own + 2])
      await staff.locator(`tr[data-reception-number="${number}"]`).getByTestId("row-household").waitFor();
    await motherRow.click();
    const detail = staff.getByTestId("detail-household");
    await detail.getByText("同じ家族 2件").waitFor();
    expect(await detail.getByTestId("household-link").count()).toBe(2);
    await staff.getByTestId("call-household").getByText("家族 3件をまとめて呼び出す").waitFor();
    await shot(staff, "staff-household-detail");
    await staff.getByTestId("call-household").click();
    await staff.getByText(`受付番号 ${own}・${own + 1}・${own + 2} を呼び出しました。`).waitFor();

    // the calling display's board has all three numbers called
    const board = await staffApi<{ ready: { receptionNumber: number; calledAt?: string }[] }>(
      "GET",
      "/api/display/board",
    );
    const called = board.ready.filter((entry) => entry.calledAt).map((entry) => entry.receptionNumber);
    expect(called).toEqual(expect.arrayContaining([own, own + 1, own + 2]));
    // a household member's link leads to the others
    await detail.getByTestId("household-link").first().click();
    await staff
      .getByTestId("detail-number")
      .getByText(String(own + 1))
      .waitFor();

    // the next visit: the phone offers the three people in one tap
    await phone.goto(`/web/${publicSlug}`);
    const offered = phone.getByTestId("remembered-people");
    await offered.getByText(MOTHER).waitFor();
    await offered.getByTestId("use-everyone").getByText("3人まとめて受付する").click();
    await phone.getByTestId("people-filled").waitFor();
    await shot(phone, "ja-family-remembered");
    // the answers came back: a photo and the steps' 次へ reach the names, all three filled in
    await phone.getByTestId("photo-file-input").first().setInputFiles(PHOTO);
    await phone.getByText("1 / 5枚").waitFor();
    await nextStep(phone, "2 / 4");
    await nextStep(phone, "3 / 4");
    await nextStep(phone, "4 / 4");
    expect(await phone.getByLabel("お名前（フリガナ）").first().inputValue()).toBe(MOTHER);
    const members = phone.getByTestId("family-member");
    await members.nth(1).waitFor();
    expect(await members.count()).toBe(2);
    for (const [index, name] of CHILDREN.entries())
      expect(await members.nth(index).getByLabel("お名前（フリガナ）").inputValue()).toBe(name);
    expect(await phone.getByTestId("remember-people").isChecked()).toBe(true);

    // 「この端末から消す」 forgets them: on the first step, then after a reload too
    for (const step of ["3 / 4", "2 / 4", "1 / 4"]) {
      await phone.getByRole("button", { name: "戻る" }).click();
      await phone.getByTestId("step-count").getByText(step, { exact: true }).waitFor();
    }
    await phone.getByTestId("forget-everyone").click();
    await phone.getByTestId("people-forgotten").waitFor();
    expect(await phone.evaluate(() => localStorage.getItem("remembered_people"))).toBeNull();
    await phone.reload();
    await phone.getByTestId("step-count").waitFor();
    expect(await phone.getByTestId("remembered-people").count()).toBe(0);
  });

  it("reads in English on a small phone: the family section and the people offered", async () => {
    const phone = await browser.page(smallPhone("en-US"));
    await phone.addInitScript(
      (people) => localStorage.setItem("remembered_people", JSON.stringify(people)),
      [
        { patientName: "スミス メアリー", phone: "09012345678", answers: { prescriptionType: "Paper" } },
        { patientName: "スミス トム", phone: "09012345678", answers: { prescriptionType: "Paper" } },
      ],
    );
    await phone.goto(`/web/${publicSlug}`);
    await phone.getByTestId("remembered-people").getByText("People saved on this phone").waitFor();
    await shot(phone, "en-family-remembered");
    await phone.getByTestId("use-everyone").click();
    await phone.getByTestId("photo-file-input").first().setInputFiles(PHOTO);
    for (let step = 0; step < 5 && !(await phone.getByTestId("family").isVisible()); step++) {
      const radios = phone.getByRole("radio", { name: "No", exact: true });
      if ((await radios.count()) > 0 && !(await radios.first().isChecked())) await radios.first().click();
      const wait = phone.getByRole("radio", { name: "Wait in the pharmacy" });
      if ((await wait.count()) > 0) await wait.click();
      await phone.getByRole("button", { name: "Next" }).click();
    }
    const members = phone.getByTestId("family-member");
    await members.first().getByText("Family member 1", { exact: true }).waitFor();
    await members.first().getByTestId("photo-file-input").setInputFiles(PHOTO);
    await members.first().getByRole("list").getByRole("img").waitFor();
    await shot(phone, "en-family-last-step");
  });
});
