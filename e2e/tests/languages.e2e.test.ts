import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { waitForMails } from "@pharmacy/test-support/mail";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { catalogOf, fillFormIn, literalPart, phoneIn } from "../support/patient-language.js";
import { callApi, demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";
import { openMailFold } from "../support/web-form.js";
import { messages as enMail } from "../../apps/server/src/i18n/catalogs/en.js";
import { messages as thMail } from "../../apps/server/src/i18n/catalogs/th.js";
import { messages as zhHansMail } from "../../apps/server/src/i18n/catalogs/zh-Hans.js";

/*
 * docs/rules.md#every-patient, walked by patients who read no Japanese: the phone's browser asks for their
 * language, and the web form (with a photo and its consent), the done screen, the status page through each
 * step to 「お渡し済み」, the notice mails and the follow-up questionnaire all speak it; the staff screen
 * stays Japanese and tags the reception 「英語」 etc. One staff tablet serves the three patients.
 */
const baseUrl = inject("baseUrl");
const outboxDir = inject("outboxDir");
const browser = browserPerFile();
const PHOTO = path.resolve(import.meta.dirname, "../fixtures/prescription.jpg");
/** The follow-up sweep runs every 2 s in the e2e server (support/global-setup.ts). */
const FOLLOW_UP_MAIL_MS = 30_000;

const PATIENTS = [
  { tag: "en", locale: "en-US", staffTag: "英語", mail: enMail, name: "スミス ジョン" },
  { tag: "zh-Hans", locale: "zh-CN", staffTag: "中国語（簡体字）", mail: zhHansMail, name: "ワン メイ" },
  { tag: "th", locale: "th-TH", staffTag: "タイ語", mail: thMail, name: "ソムチャイ ジャイディー" },
] as const;

let token: string;
let publicSlug: string;
let staff: Page;

beforeAll(async () => {
  token = await demoIdToken(baseUrl);
  ({ publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, token, "GET", "/api/pharmacy"));
  // not per test: one signed-in staff tablet for the whole file
  staff = await (await tabletContext(browser.browser, baseUrl)).newPage();
  await signInThroughForm(staff);
});
afterAll(() => staff?.context().close());

const staffApi = <T>(method: string, url: string, body?: unknown) => callApi<T>(baseUrl, token, method, url, body);

describe("a patient who reads no Japanese (the phone's language)", () => {
  for (const patient of PATIENTS) {
    it(`${patient.tag}: sends a photo, follows the status to the hand-over, reads the mails and answers the follow-up`, async () => {
      const c = await catalogOf[patient.tag]!();
      const email = `patient-${patient.tag.toLowerCase()}@example.jp`;
      const phone = await browser.page(phoneIn(patient.locale));
      await phone.goto(`/web/${publicSlug}`);
      await phone.getByRole("heading", { name: "デモ薬局 本店" }).waitFor();
      expect(await phone.locator("html").getAttribute("lang")).toBe(patient.tag);

      // the form with its photo and the photos' consent, and the mail fold for the follow-up
      await fillFormIn(phone, c, PHOTO, patient.name);
      await openMailFold(phone);
      await phone.getByRole("checkbox", { name: c.form.consentLabel }).check();
      await phone.getByLabel(c.form.emailLabel, { exact: true }).fill(email);
      const send = phone.getByRole("button", { name: c.form.submit, exact: true });
      await screenshot(phone, `languages-${patient.tag}-form-contact`);
      await send.click();
      await phone.getByText(c.reception.sentTitle).waitFor();
      const number = (await phone.getByTestId("reception-number").textContent())!.trim();
      await screenshot(phone, `languages-${patient.tag}-sent`);

      // staff: Japanese words, the language's tag, the answers in Japanese
      const row = staff.locator(`tr[data-reception-number="${number}"]`);
      await row.getByText(patient.staffTag, { exact: true }).waitFor();
      await row.click();
      const detail = staff.getByRole("dialog", { name: "受付の詳細" });
      await detail.getByText("店内で待つ").waitFor();
      await detail.getByText(patient.staffTag, { exact: true }).waitFor();
      await screenshot(staff, `languages-${patient.tag}-staff-detail`, { fullPage: false });
      await staff.keyboard.press("Escape");
      const { receptions } = await staffApi<{
        receptions: { id: string; receptionNumber: number; receptionDate: string }[];
      }>("GET", "/api/reception");
      const reception = receptions.find((candidate) => candidate.receptionNumber === Number(number))!;
      const id = reception.id;

      // the status page through every step, each in the language ("Update now" instead of the 10 s poll)
      await phone.getByRole("link", { name: c.reception.viewStatus }).click();
      const status = phone.getByTestId("reception-status");
      const shows = async (title: string) => {
        if (!(await status.getByText(title, { exact: true }).isVisible()))
          await phone.getByRole("button", { name: c.status.refreshNow }).click();
        await status.getByText(title, { exact: true }).waitFor();
      };
      await shows(c.status.reviewingTitle); // the staff detail opened it: 確認中
      await staffApi("PATCH", `/api/reception/${id}`, { id, status: "Dispensing" });
      await shows(c.status.dispensingTitle);
      await staffApi("PATCH", `/api/reception/${id}`, { id, status: "Completed" });
      await shows(c.status.readyTitle);
      await screenshot(phone, `languages-${patient.tag}-status-ready`);
      await staffApi("POST", `/api/reception/${id}/hand_over`);
      await shows(c.status.handedOverTitle);
      await screenshot(phone, `languages-${patient.tag}-status-handed-over`);

      // the ready mail in the language, not in Japanese
      const [readyMail] = await waitForMails(outboxDir, email, 1);
      expect(readyMail).toContain(literalPart(patient.mail.readyBody));
      expect(readyMail).not.toContain("お薬の準備ができました");

      // the follow-up: planned by staff for today, mailed in the language, answered on the phone
      await staffApi("POST", `/api/reception/${id}/follow_ups`, {
        dueOn: reception.receptionDate,
        template: "general",
        channel: "email",
      });
      const mails = await waitForMails(outboxDir, email, 2, FOLLOW_UP_MAIL_MS);
      const followUpMail = mails.find((mail) => mail.includes("/web/follow-up/"))!;
      expect(followUpMail).toContain(literalPart(patient.mail.followUpBody));
      const link = /https?:\/\/\S+\/web\/follow-up\/[\w-]+/.exec(followUpMail)![0];
      await phone.goto(new URL(link).pathname);
      await phone.getByRole("heading", { name: c.followUp.title }).waitFor();
      const form = phone.getByRole("form", { name: c.followUp.formLabel });
      // the shipped template's questions in the patient's language too, not in the template's Japanese
      expect(await form.locator("li").first().textContent()).toContain(c.followUpShipped.condition.text);
      for (const question of await form.locator("li").all()) {
        const noSymptoms = question.getByRole("checkbox", { name: c.followUp.noSymptoms });
        if (await noSymptoms.count()) await noSymptoms.click();
        else if (await question.getByRole("radio").count()) await question.getByRole("radio").last().click();
      }
      await screenshot(phone, `languages-${patient.tag}-follow-up`);
      await form.getByRole("button", { name: c.followUp.send, exact: true }).click();
      await phone.getByRole("heading", { name: c.followUp.thanksTitle }).waitFor();
    });
  }
});
