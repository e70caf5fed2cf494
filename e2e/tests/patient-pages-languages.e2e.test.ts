import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { waitForMails } from "@pharmacy/test-support/mail";
import { seriousViolations } from "../support/axe.js";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { kioskTablet } from "../support/kiosk.js";
import { catalogOf, fillFormIn, named, phoneKeeping } from "../support/patient-language.js";
import { callApi, demoIdToken } from "../support/session.js";
import { LANGUAGES } from "../../apps/web/src/lib/i18n/languages.js";

/*
 * docs/rules.md#every-patient, eyes and hands: every patient page in five languages (two of them Japanese),
 * at 100 % and at 200 % text (the browser's own text size doubled, as a phone's large-text setting does),
 * on a 375 px phone: axe finds no serious or critical violation and nothing is wider than the screen.
 * The web form at 375×667 in all 13 languages (and at 200 % in やさしい日本語 and Thai) is screenshot for
 * a person to look at (`screenshots/lang-*.png`) and must not scroll sideways.
 */
const baseUrl = inject("baseUrl");
const outboxDir = inject("outboxDir");
const browser = browserPerFile();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");
const AXE_LANGUAGES = ["ja", "ja-x-easy", "en", "th", "vi"] as const;
const TEXT_SIZES = [100, 200] as const;
const FOLLOW_UP_EMAIL = "a11y-follow-up@example.jp";

let token: string;
let publicSlug: string;
let followUpPath: string;

/**
 * Text at `percent` from the page's start: the root's font size, as 「文字を大きく」 sets it to 150 % (every
 * size on the patient pages is in rem). Not the browser's own font-size setting (CDP `Page.setFontSizes`):
 * Chromium keeps that per script, and Japanese and Thai pages stayed at 100 % with it.
 */
async function textAt(page: Page, percent: number): Promise<void> {
  if (percent === 100) return;
  await page.addInitScript((size) => {
    document.addEventListener("DOMContentLoaded", () => {
      document.documentElement.style.fontSize = size;
    });
  }, `${percent}%`);
}

/**
 * What is lost sideways: the visible elements that reach past either edge of the screen (a card clips
 * them, so the page itself does not scroll), and how far the page scrolls sideways. Empty at 375 px.
 */
const lostSideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const lost = [...document.body.querySelectorAll("*")]
      .filter((element) => element.checkVisibility())
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && (box.left < -1 || box.right > width + 1))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} ${Math.round(box.left)}–${Math.round(box.right)}: ${element.textContent?.trim().slice(0, 40)}`,
      );
    const scroll = document.documentElement.scrollWidth - width;
    return scroll > 0 ? [`the page scrolls ${scroll} px sideways`, ...lost] : lost;
  });

/** axe's serious and critical findings on this page, and no sideways scrolling; labelled for the report. */
async function expectReadable(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  expect({ name, violations: await seriousViolations(page), lost: await lostSideways(page) }).toEqual({
    name,
    violations: [],
    lost: [],
  });
}

beforeAll(async () => {
  token = await demoIdToken(baseUrl);
  ({ publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, token, "GET", "/api/pharmacy"));
  // one follow-up questionnaire for every language's visit: sent, handed over, planned for today, mailed
  const form = new FormData();
  form.append("patientName", "アクセス フォロー");
  form.append("phone", "09000000000");
  form.append("email", FOLLOW_UP_EMAIL);
  form.append("followUpConsent", "true");
  form.append(
    "answers",
    JSON.stringify({ prescriptionType: "Electronic", verifyMethod: "MyNumberCard", receiveMethod: "Pharmacy" }),
  );
  const sent = await fetch(`${baseUrl}/api/public/pharmacy/${publicSlug}/reception`, { method: "POST", body: form });
  const { receptionNumber, receptionDate } = (await sent.json()) as { receptionNumber: number; receptionDate: string };
  const api = <T>(method: string, url: string, body?: unknown) => callApi<T>(baseUrl, token, method, url, body);
  const { receptions } = await api<{ receptions: { id: string; receptionNumber: number }[] }>(
    "GET",
    `/api/reception?date=${receptionDate}`,
  );
  const { id } = receptions.find((reception) => reception.receptionNumber === receptionNumber)!;
  await api("PATCH", `/api/reception/${id}`, { id, status: "Completed" });
  await api("POST", `/api/reception/${id}/hand_over`);
  await api("POST", `/api/reception/${id}/follow_ups`, { dueOn: receptionDate, template: "general", channel: "email" });
  // after the ready mail: the follow-up's, once the sweep (every 2 s here) has sent it
  const mails = await waitForMails(outboxDir, FOLLOW_UP_EMAIL, 2, 30_000);
  followUpPath = /\/web\/follow-up\/[\w-]+/.exec(mails.find((mail) => mail.includes("/web/follow-up/"))!)![0];
});

describe("every patient page in five languages, at 100 % and 200 % text, 375 px wide", () => {
  for (const tag of AXE_LANGUAGES) {
    for (const percent of TEXT_SIZES) {
      it(`${tag} at ${percent} %: the form, its last step, the done screen, the status page, the follow-up and a missing page`, async () => {
        const c = await catalogOf[tag]!();
        const page = await browser.page(phoneKeeping(tag));
        await textAt(page, percent);
        const shot = (what: string) => `a11y-${tag}-${percent}-${what}`;

        await page.goto(`/web/${publicSlug}`);
        await page.getByTestId("step-count").waitFor();
        expect(await page.locator("html").getAttribute("lang")).toBe(tag);
        await expectReadable(page, shot("form"));
        await fillFormIn(page, c, PHOTO);
        await expectReadable(page, shot("form-contact"));
        await page.getByRole("button", { name: named(c.form.submit), exact: true }).click();
        await page.getByTestId("reception-number").waitFor();
        await expectReadable(page, shot("sent"));
        await page.getByRole("link", { name: named(c.reception.viewStatus) }).click();
        await page.getByTestId("reception-status").waitFor();
        await expectReadable(page, shot("status"));

        await page.goto(followUpPath);
        await page.getByRole("form").waitFor();
        await expectReadable(page, shot("follow-up"));
        await page.goto("/web/status/no-such-token");
        await page.getByRole("heading", { name: named(c.status.notFoundTitle) }).waitFor();
        await expectReadable(page, shot("status-not-found"));
      });
    }
  }

  it("the counter kiosk's first screen and photo step in each of the five, with 「文字を大きく」", async () => {
    const kiosk = await kioskTablet(browser);
    await kiosk.getByTestId("text-size-switch").click();
    for (const tag of AXE_LANGUAGES) {
      const c = await catalogOf[tag]!();
      const nativeName = LANGUAGES.find((language) => language.tag === tag)!.nativeName;
      await kiosk.getByRole("button", { name: nativeName, exact: true }).click();
      await kiosk.getByRole("button", { name: named(c.kiosk.start), exact: true }).waitFor();
      await expectReadable(kiosk, `a11y-kiosk-${tag}-welcome`);
      await kiosk.getByRole("button", { name: named(c.kiosk.start), exact: true }).click();
      await kiosk.getByTestId("counter-number").waitFor();
      await expectReadable(kiosk, `a11y-kiosk-${tag}-photo-step`);
      await kiosk.getByRole("button", { name: named(c.counter.cancel), exact: true }).click();
      await kiosk
        .getByRole("dialog")
        .last() // the confirmation, over the counter flow's own dialog
        .getByRole("button", { name: named(c.counter.cancelOk), exact: true })
        .click();
      // the reset: Japanese again for the next patient
      await kiosk.getByText("いらっしゃいませ").waitFor();
    }
  });
});

describe("the web form at 375×667 in all 13 languages", () => {
  const SHOTS = [
    ...LANGUAGES.map((language) => [language.tag, 100] as const),
    ["ja-x-easy", 200] as const,
    ["th", 200] as const,
  ];
  it("fits the screen's width on its first and last steps, screenshot for a person to look at", async () => {
    for (const [tag, percent] of SHOTS) {
      const c = await catalogOf[tag]!();
      const page = await browser.page(phoneKeeping(tag));
      await textAt(page, percent);
      await page.goto(`/web/${publicSlug}`);
      await page.getByTestId("step-count").waitFor();
      const name = `lang-${tag}${percent === 100 ? "" : `-${percent}`}`;
      await screenshot(page, `${name}-form`);
      // days in the patient's language, not the phone's Japanese (where the browser lacks the language's dates)
      if (!/^(ja|zh)/.test(tag)) expect(await page.locator("main").innerText(), name).not.toMatch(/曜日|\d+月\d+日/);
      expect({ name, lost: await lostSideways(page) }).toEqual({ name, lost: [] });
      await fillFormIn(page, c, PHOTO);
      await screenshot(page, `${name}-form-contact`);
      expect({ name, lost: await lostSideways(page) }).toEqual({ name, lost: [] });
      await page.context().close();
    }
  });
});
