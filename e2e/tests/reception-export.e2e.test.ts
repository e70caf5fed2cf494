import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { waitForMails } from "@pharmacy/test-support/mail";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { screenshot, SCREENSHOT_DIR } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { callApi, demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";
import { sendFromLine } from "../support/line.js";

/*
 * docs/rules.md#records-kept-and-deleted, a patient's request: a reception with a photographed prescription
 * (its code read), a LINE notice, a mail and an answered follow-up, exported as the printable page and
 * printed to A4 (`screenshots/reception-export.pdf`, looked at by a person) as the 管理薬剤師 hands it over.
 */
const baseUrl = inject("baseUrl");
const outboxDir = inject("outboxDir");
const line = inject("lineAccount");
const browser = browserPerFile();
const EMAIL = "export-patient@example.jp";

let token: string;
let publicSlug: string;
const api = <T>(method: string, url: string, body?: unknown) => callApi<T>(baseUrl, token, method, url, body);

beforeAll(async () => {
  token = await demoIdToken(baseUrl);
  ({ publicSlug } = await api<{ publicSlug: string }>("GET", "/api/pharmacy"));
  await api("PUT", "/api/line/settings", {
    channelSecret: line.channelSecret,
    channelAccessToken: line.accessToken,
    basicId: line.basicId,
    monthlyLimit: null,
  });
});
afterAll(async () => {
  // the demo branch goes back to no LINE: the other files' status pages stay as they were
  await api("DELETE", "/api/line/settings").catch(() => undefined);
});

/** A web reception with a prescription photo whose code the server reads; its id and status token. */
async function webReceptionWithCode(): Promise<{ id: string; statusToken: string }> {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date());
  const photo = await prescriptionPhoto(samplePrescriptionPayload({ issuedOn: today.replaceAll("-", "") }));
  const form = new FormData();
  form.append("patientName", "カイジ ハナコ");
  form.append("phone", "09012345678");
  form.append("email", EMAIL);
  form.append("followUpConsent", "true");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "prescription.jpg");
  const sent = await fetch(`${baseUrl}/api/public/pharmacy/${publicSlug}/reception`, { method: "POST", body: form });
  expect(sent.status).toBe(201);
  const { statusToken, receptionNumber, receptionDate } = (await sent.json()) as {
    statusToken: string;
    receptionNumber: number;
    receptionDate: string;
  };
  const { receptions } = await api<{ receptions: { id: string; receptionNumber: number }[] }>(
    "GET",
    `/api/reception?date=${receptionDate}`,
  );
  return { id: receptions.find((reception) => reception.receptionNumber === receptionNumber)!.id, statusToken };
}

/** The patient sends the status page's LINE code from LINE: LINE calls the webhook, signed. */
async function linkLine(statusToken: string): Promise<void> {
  const link = await fetch(`${baseUrl}/api/public/reception/${statusToken}/line_link`, { method: "POST" });
  const { url } = (await link.json()) as { url: string };
  const text = decodeURIComponent(url.slice(url.indexOf("?") + 1));
  expect((await sendFromLine(baseUrl, publicSlug, line, text)).status).toBe(200);
}

interface PublicFollowUp {
  questions: { key: string; kind: string; options?: { value: string }[] }[];
}

/** Answers the mailed follow-up as the patient would: 「いいえ」, the first choice, no symptom. */
async function answerFollowUp(): Promise<void> {
  const mails = await waitForMails(outboxDir, EMAIL, 2, 30_000);
  const followUpToken = /\/web\/follow-up\/([\w-]+)/.exec(mails.find((mail) => mail.includes("/web/follow-up/"))!)![1]!;
  const page = (await (await fetch(`${baseUrl}/api/public/follow_up/${followUpToken}`)).json()) as PublicFollowUp;
  const answers = Object.fromEntries(
    page.questions
      .filter((question) => question.kind !== "text")
      .map((question) => [
        question.key,
        question.kind === "yesNo" ? "no" : question.kind === "symptoms" ? [] : question.options![0]!.value,
      ]),
  );
  const answered = await fetch(`${baseUrl}/api/public/follow_up/${followUpToken}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ answers }),
  });
  expect(answered.status).toBe(200);
}

describe("a patient's request for what is held about them", () => {
  it(
    "prints the reception's export with its photo, read code, LINE messages and answered follow-up",
    { timeout: 180_000 },
    async () => {
      const { id, statusToken } = await webReceptionWithCode();
      await linkLine(statusToken);
      await expect
        .poll(
          async () =>
            (await api<{ prescriptions: { codeStatus?: string }[] }>("GET", `/api/reception/${id}`)).prescriptions[0]
              ?.codeStatus,
          { timeout: 60_000 },
        )
        .toBe("read");
      // 「お薬の準備ができました」 goes to LINE; not handed over: a hand-over ends the LINE link, and with it the
      // export's way to the messages sent to it (apps/server/src/features/retention/README.md)
      await api("PATCH", `/api/reception/${id}`, { id, status: "Completed" });
      const { receptionDate } = await api<{ receptionDate: string }>("GET", `/api/reception/${id}`);
      await api("POST", `/api/reception/${id}/follow_ups`, {
        dueOn: receptionDate,
        template: "general",
        channel: "email",
      });
      await answerFollowUp();

      const exported = await api<{ lineMessages: unknown[]; photos: unknown[]; followUps: { answers: unknown }[] }>(
        "GET",
        `/api/reception/${id}/export`,
      );
      expect([
        exported.photos.length,
        exported.lineMessages.length > 0,
        Boolean(exported.followUps[0]?.answers),
      ]).toEqual([1, true, true]);

      const page = await browser.page(tabletContext);
      await signInThroughForm(page, `/receptions/${id}/export`);
      const view = page.getByTestId("reception-export");
      await view.getByRole("img", { name: /処方箋の写真/ }).waitFor();
      await view.getByText("日薬クリニック", { exact: false }).first().waitFor();
      await page.emulateMedia({ media: "print" });
      await screenshot(page, "reception-export-print");
      await page.pdf({ path: path.join(SCREENSHOT_DIR, "reception-export.pdf"), format: "A4", printBackground: true });
      // what the patient is handed: none of the screen's buttons, and every kind of record named
      expect(await page.getByRole("button", { name: "印刷" }).isVisible()).toBe(false);
      expect(await page.getByRole("button", { name: "QRを表示" }).isVisible()).toBe(false);
      // the LINE messages' links, still live, are not printed whole
      expect(await view.innerText()).not.toContain(statusToken);
      await view.getByText("/web/status/…", { exact: false }).waitFor();
      for (const heading of [
        "受付",
        "処方箋の写真",
        "処方箋から読み取ったデータ",
        "LINEで送ったメッセージ",
        "服薬フォローアップ",
        "閲覧・操作の記録",
      ])
        await view.getByRole("heading", { name: heading, exact: true }).waitFor();
    },
  );
});
