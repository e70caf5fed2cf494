import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prescription } from "@pharmacy/contract/receptions/receptions";
import {
  medicationRecordPayload,
  prescriptionCopyPayload,
  variantPrescriptionPayload,
} from "@pharmacy/test-support/jahis-payloads";
import { codePage, codePhoto, prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { encodeShiftJis } from "@pharmacy/test-support/shift-jis";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

// docs/rules.md#every-code-a-patient-brings: every code a patient brings, and no byte a code holds that fails an upload.
let server: TestServer;
let account: TestAccount;
let slug: string;

beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
  await server.api.request("PATCH", "/api/pharmacy", {
    body: { name: "さくら薬局", address: "東京都千代田区1-1", phone: "03-1234-5678" },
    token: account.idToken,
  });
  slug = (await server.api.get("/api/pharmacy", account.idToken)).body.publicSlug;
});
afterAll(() => server.close());

const sjis = (text: string) => encodeShiftJis(text);
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** Uploads a page image to a new reception; the answer, and the stored photo's bytes as served. */
async function upload(bytes: Uint8Array, type: "image/png" | "image/jpeg" = "image/jpeg") {
  const reception = await makeReception(server, account);
  const sent = await uploadFile(
    server,
    account,
    bytes,
    { receptionId: reception.id },
    type === "image/png" ? "scan.png" : "photo.jpg",
    type,
  );
  const served =
    sent.body?.file &&
    (await fetch(`${server.baseUrl}/api/file/${sent.body.file.id}`, {
      headers: { authorization: `Bearer ${account.idToken}` },
    }));
  return {
    status: sent.status,
    prescription: sent.body?.prescription as Prescription | undefined,
    served: served && Buffer.from(await served.arrayBuffer()),
  };
}

describe("any byte a code holds, no failure", () => {
  it("drops NUL and other control characters, and keeps the photo", async () => {
    const bytes = sjis(
      "JAHIS10\r\n1,1,1234567,13,日薬\u0000クリニック\u0007\r\n11,,日薬\u0000 太郎,ﾆﾁﾔｸ ﾀﾛｳ\r\n\u001b\u0000\u0000\r\n51,20261120\r\n",
    );
    const png = await codePage(bytes);
    const sent = await upload(png, "image/png");
    expect(sent.status).toBe(201);
    expect(sent.prescription).toMatchObject({
      codeStatus: "read",
      rx: { institution: { name: "日薬クリニック" }, patient: { name: "日薬 太郎" }, issuedOn: "2026-11-20" },
    });
    expect(JSON.stringify(sent.prescription)).not.toMatch(/\\u00[01]/);
    expect(sent.served).toEqual(png);
  });

  it("reads around invalid Shift_JIS and keeps the photo", async () => {
    const bytes = concat(
      sjis("JAHIS10\r\n11,,"),
      new Uint8Array([0x81, 0x00, 0xff, 0xfe, 0xa0, 0xef]),
      sjis(",ﾆﾁﾔｸ ﾀﾛｳ\r\n51,20261120\r\n"),
    );
    const png = await codePage(bytes);
    const sent = await upload(png, "image/png");
    expect(sent.status).toBe(201);
    expect(sent.prescription).toMatchObject({
      codeStatus: "read",
      rx: { patient: { kana: "ﾆﾁﾔｸ ﾀﾛｳ" }, issuedOn: "2026-11-20" },
    });
    expect(sent.served).toEqual(png);
  });

  it("cuts an absurdly long code split over four symbols, and keeps the photo", async () => {
    const bytes = sjis(`JAHIS10\r\n51,20261120\r\n81,1,,${"\u0000長".repeat(2200)}\r\n`);
    const png = await codePage(bytes, 4);
    const sent = await upload(png, "image/png");
    expect(sent.status).toBe(201);
    expect(sent.prescription).toMatchObject({ codeStatus: "read", rx: { issuedOn: "2026-11-20" } });
    expect(sent.prescription!.rx!.remarks[0]).toBe("長".repeat(200));
    expect(sent.served).toEqual(png);
  });

  it("keeps a visitor's web reception whatever its photo's code holds", async () => {
    const form = new FormData();
    form.append("patientName", "ニチヤク タロウ");
    form.append("phone", "090-1234-5678");
    form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
    const photo = await codePhoto(
      concat(sjis("JAHIS10\r\n11,,\u0000\u0000"), new Uint8Array([0xff, 0x00, 0x81]), sjis("\r\n51,20261120\r\n")),
    );
    form.append("photoConsent", "true");
    form.append("file", new Blob([photo], { type: "image/jpeg" }), "prescription.jpg");
    const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
      method: "POST",
      body: form,
      headers: { "x-forwarded-for": server.api.clientIp },
    });
    expect(response.status).toBe(201);
    const { receptionNumber } = (await response.json()) as { receptionNumber: number };
    const web = (await server.api.get("/api/reception", account.idToken)).body.receptions.find(
      (row: { receptionNumber: number }) => row.receptionNumber === receptionNumber,
    );
    expect(web.prescriptions[0]).toMatchObject({ codeStatus: "read", rx: { issuedOn: "2026-11-20" } });
  });
});

describe("every kind of code", () => {
  it("reads a printer's variant layout with the names in their places", async () => {
    const sent = await upload(await prescriptionPhoto(variantPrescriptionPayload()));
    expect(sent.prescription).toMatchObject({
      codeStatus: "read",
      rx: { institution: { code: "1234567", name: "みなみ内科クリニック" }, issuedOn: "2026-11-20" },
    });
    expect(sent.prescription!.rx!.rps[0]).toMatchObject({
      split: { days: 7, totalDays: 28 },
      drugs: [{ code: "2171022F1020", name: "ノルバスク錠２．５ｍｇ" }, { code: "620004992" }],
    });
  });

  it("reads an お薬手帳 code into medicationRecord, several dispensings in one symbol", async () => {
    const sent = await upload(await prescriptionPhoto(medicationRecordPayload()));
    expect(sent.prescription!.codeStatus).toBe("read");
    expect(sent.prescription!.rx).toBeUndefined();
    expect(
      sent.prescription!.medicationRecord!.entries.map((entry) => [
        entry.dispensedOn,
        entry.pharmacy,
        entry.drugs.length,
      ]),
    ).toEqual([
      ["2026-11-05", "さくら薬局 駅前店", 3],
      ["2026-11-12", "ひまわり調剤薬局", 1],
    ]);
    expect(sent.prescription!.medicationRecord!.entries[0]!.drugs[1]).toEqual({
      name: "マグミット錠３３０ｍｇ",
      amount: "3",
      unit: "錠",
      usage: "１日３回毎食後",
      days: 14,
    });
  });

  it("joins an お薬手帳 code split over two symbols", async () => {
    const payload = medicationRecordPayload(undefined, 12);
    const sent = await upload(await prescriptionPhoto(payload, 2));
    expect(sent.prescription).toMatchObject({ codeStatus: "read", medicationRecord: { raw: payload } });
    expect(sent.prescription!.medicationRecord!.entries).toHaveLength(2);
  });

  it("reads an e-prescription's 控え: its 引換番号 on the prescription, with the insurance fields", async () => {
    const sent = await upload(await codePhoto(new TextEncoder().encode(prescriptionCopyPayload("1234567890123456"))));
    expect(sent.prescription).toMatchObject({
      codeStatus: "read",
      exchangeNumber: "1234567890123456",
      prescriptionCopy: {
        insurerNumber: "06139998",
        symbol: "１２３",
        number: "４５６７",
        branch: "01",
        birthDate: "1960-06-06",
        exchangeNumber: "1234567890123456",
      },
    });
  });
});
