import type { Page } from "playwright-core";
import { beforeAll, describe, inject, it } from "vitest";
import { screenshot } from "../support/browser.js";
import { browserPerFile } from "../support/browser-per-file.js";
import { medicationRecordPayload, prescriptionCopyPayload, variantPrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { codePhoto, prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { DEMO, signInThroughForm, tabletContext } from "../support/session.js";

// SPEC §13: the detail panel of what each kind of code holds, as staff see it.
const baseUrl = inject("baseUrl");
const browser = browserPerFile();
const READ_TIMEOUT_MS = 20_000;

let staffToken: string;

beforeAll(async () => {
  const signIn = await fetch(`${baseUrl}/auth/sign_in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO) });
  staffToken = ((await signIn.json()) as { idToken: string }).idToken;
});

async function api(method: string, url: string, body?: BodyInit): Promise<Response> {
  const response = await fetch(`${baseUrl}${url}`, { method, headers: { authorization: `Bearer ${staffToken}` }, body });
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
    await openPanel(staff, number, "rx-panel", ["みなみ内科クリニック", "南 次郎", "ノルバスク錠２．５ｍｇ", "コリオパンカプセル５ｍｇ", "分割 今回7日分（全28日分）", "分割調剤 3回中 1回目", "全3回"], "code-variant-layout");
  });

  it("an お薬手帳 code: each dispensing's date, pharmacy and medicines with usage and days", async () => {
    const number = await receptionWithPhoto(await prescriptionPhoto(medicationRecordPayload()));
    const staff = await staffPage();
    await openPanel(staff, number, "medication-record-panel", ["お薬手帳（QRコードから読み取り）", "2026年11月5日調剤", "さくら薬局 駅前店", "マグミット錠３３０ｍｇ", "１日３回毎食後　14日分", "ひまわり調剤薬局"], "code-medication-record");
  });

  it("an e-prescription's 控え: the 引換番号 with its copy button and the insurance", async () => {
    const number = await receptionWithPhoto(await codePhoto(new TextEncoder().encode(prescriptionCopyPayload("1234567890123456"))));
    const staff = await staffPage();
    await openPanel(staff, number, "prescription-copy-panel", ["電子処方箋の控え（QRコードから読み取り）", "1234567890123456", "06139998", "１２３・４５６７（枝番 01）", "1960年6月6日"], "code-prescription-copy");
  });
});
