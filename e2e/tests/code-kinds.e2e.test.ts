import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { grainyPrescriptionPhoto } from "@pharmacy/test-support/grainy-photos";
import {
  medicationRecordPayload,
  prescriptionCopyPayload,
  samplePrescriptionPayload,
  variantPrescriptionPayload,
} from "@pharmacy/test-support/jahis-payloads";
import { encodeShiftJis } from "@pharmacy/test-support/shift-jis";
import { codePhoto, prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { readQrCodes } from "../support/qr-reader.js";
import { callApi, demoIdToken, signInThroughForm, tabletContext } from "../support/session.js";
import { sendWebReception, visitorOnPublicPage } from "../support/web-form.js";

// docs/rules.md#every-code-a-patient-brings: the detail panel of what each kind of code holds, as staff see it.
const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const READ_TIMEOUT_MS = 20_000;

let staffToken: string;
let publicSlug: string;

beforeAll(async () => {
  staffToken = await demoIdToken(baseUrl);
  ({ publicSlug } = await callApi<{ publicSlug: string }>(baseUrl, staffToken, "GET", "/api/pharmacy"));
});

async function api(method: string, url: string, body?: BodyInit): Promise<Response> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${staffToken}` },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** A counter reception with one photo; its number. */
async function receptionWithPhoto(photo: Buffer): Promise<string> {
  const reception = (await (await api("POST", "/api/reception")).json()) as { id: string; receptionNumber: number };
  const form = new FormData();
  form.append("receptionId", reception.id);
  form.append("sourceType", "Paper");
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
  await api("POST", "/api/file", form);
  return String(reception.receptionNumber);
}

async function staffPage(): Promise<Page> {
  const context = await browser.context(tabletContext);
  const page = await context.newPage();
  await signInThroughForm(page);
  await page.getByText("自動更新中").waitFor();
  return page;
}

async function openPanel(page: Page, number: string, testId: string, shown: string[], name: string): Promise<void> {
  await page.locator(`tr[data-reception-number="${number}"]`).click();
  const panel = page.getByTestId(testId);
  await panel.waitFor({ timeout: READ_TIMEOUT_MS });
  for (const text of shown) await panel.getByText(text, { exact: false }).first().waitFor();
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, name, { fullPage: false });
}

describe("the detail panel of every kind of code", () => {
  it("a printer's variant layout: names in their places, 分割 of the RP, 分割調剤 and リフィル", async () => {
    const number = await receptionWithPhoto(await prescriptionPhoto(variantPrescriptionPayload()));
    const staff = await staffPage();
    await openPanel(
      staff,
      number,
      "rx-panel",
      [
        "みなみ内科クリニック",
        "南 次郎",
        "ノルバスク錠２．５ｍｇ",
        "コリオパンカプセル５ｍｇ",
        "分割 今回7日分（全28日分）",
        "分割調剤 3回中 1回目",
        "全3回",
      ],
      "code-variant-layout",
    );
  });

  it("an お薬手帳 code: each dispensing's date, pharmacy and medicines with usage and days", async () => {
    const number = await receptionWithPhoto(await prescriptionPhoto(medicationRecordPayload()));
    const staff = await staffPage();
    await openPanel(
      staff,
      number,
      "medication-record-panel",
      [
        "お薬手帳（QRコードから読み取り）",
        "2026年11月5日調剤",
        "さくら薬局 駅前店",
        "マグミット錠３３０ｍｇ",
        "１日３回毎食後　14日分",
        "ひまわり調剤薬局",
      ],
      "code-medication-record",
    );
  });

  it("an e-prescription's 控え: the 引換番号 with its copy button and the insurance", async () => {
    const number = await receptionWithPhoto(
      await codePhoto(new TextEncoder().encode(prescriptionCopyPayload("1234567890123456"))),
    );
    const staff = await staffPage();
    await openPanel(
      staff,
      number,
      "prescription-copy-panel",
      [
        "電子処方箋の控え（QRコードから読み取り）",
        "1234567890123456",
        "06139998",
        "１２３・４５６７（枝番 01）",
        "1960年6月6日",
      ],
      "code-prescription-copy",
    );
  });
});

const phonePage = () => visitorOnPublicPage(browser, publicSlug);

describe("the phone's web form", () => {
  it("sends the code of a grainy page shot sideways as read at full size, which the smaller photo alone no longer holds", async () => {
    const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(new Date()).replaceAll("-", "");
    const payload = samplePrescriptionPayload({ issuedOn: today, rpCount: 2, patientName: "横向 写真" });
    const photo = await grainyPrescriptionPhoto(payload, {
      megapixels: 12,
      seed: 4242,
      rotate: 6,
      noise: 14,
      landscape: true,
      quality: 90,
    });
    const page = await phonePage();
    const number = Number(
      await sendWebReception(page, {
        photo: { name: "IMG_0420.jpg", mimeType: "image/jpeg", buffer: photo },
        name: "ヨコムキ シャシン",
        phone: "09011112222",
      }),
    );

    const list = (await (await api("GET", "/api/reception")).json()) as {
      receptions: {
        receptionNumber: number;
        prescriptions: { fileId: string | null; codeStatus: string; rx?: { raw: string } }[];
      }[];
    };
    const [prescription] = list.receptions.find((reception) => reception.receptionNumber === number)!.prescriptions;
    expect(prescription).toMatchObject({ codeStatus: "read", rx: { raw: payload } });
    // the photo as stored (made smaller in the browser) does not hold the whole code any more: the code
    // read reached the server as photoCodes
    const stored = Buffer.from(await (await api("GET", `/api/file/${prescription!.fileId}`)).arrayBuffer());
    expect(stored.length).toBeLessThan(photo.length / 2);
    const inStored = await readQrCodes(stored);
    expect(inStored.some((code) => Buffer.from(code.bytes).equals(Buffer.from(encodeShiftJis(payload))))).toBe(false);
  });

  it("fills the 引換番号 from a photographed 控え, its QR code read in the browser", async () => {
    const page = await phonePage();
    await page.getByRole("radio", { name: "電子処方箋" }).click();
    await page.getByRole("radio", { name: "資格確認書・保険証" }).click();
    const field = page.getByLabel("引換番号（わかる場合）");
    expect(await field.inputValue()).toBe("");
    const copy = await codePhoto(new TextEncoder().encode(prescriptionCopyPayload("9876543210987654")));
    await page
      .getByTestId("copy-photo-input")
      .setInputFiles({ name: "copy.jpg", mimeType: "image/jpeg", buffer: copy });
    await page.getByText("copy.jpg を送ります").waitFor({ timeout: READ_TIMEOUT_MS });
    expect(await field.inputValue()).toBe("9876543210987654");
    await screenshot(page, "public-copy-exchange-number", { fullPage: false });
  });
});
