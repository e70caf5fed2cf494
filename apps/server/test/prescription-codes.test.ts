import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import type { Prescription } from "@pharmacy/contract/receptions/receptions";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { pdfOfPixels, type FlatePdfOptions } from "@pharmacy/test-support/pdf-of-pixels";
import {
  pdfOfJpeg,
  photoWithoutCode,
  prescriptionHeic,
  prescriptionPhoto,
} from "@pharmacy/test-support/prescription-photos";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

// The test clock: Friday 2026-11-20, 09:00 in Tokyo. Monday 2026-11-23 is 勤労感謝の日.
const ISSUED_TODAY = samplePrescriptionPayload({ issuedOn: "20261120" });
const LONG = samplePrescriptionPayload({ issuedOn: "20261120", rpCount: 6 });

let server: TestServer;
let account: TestAccount;
let slug: string;
const photos: Record<string, Buffer> = {};

beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
  await server.api.request("PATCH", "/api/pharmacy", {
    body: { name: "さくら薬局", address: "東京都千代田区1-1", phone: "03-1234-5678" },
    token: account.idToken,
  });
  slug = (await server.api.get("/api/pharmacy", account.idToken)).body.publicSlug;
  photos.issuedToday = await prescriptionPhoto(ISSUED_TODAY);
  photos.firstHalf = await prescriptionPhoto(LONG, 2, [0]);
  photos.secondHalf = await prescriptionPhoto(LONG, 2, [1]);
  photos.noCode = await photoWithoutCode();
});
afterAll(() => server.close());

const returnVisit = (returnDate: string, returnTimePeriod = "09:00-13:00") => ({
  receiveMethod: "ReturnVisit",
  returnDate,
  returnTimePeriod,
});

async function patch(id: string, body: Record<string, unknown>) {
  return server.api.request("PATCH", `/api/reception/${id}`, { body: { id, ...body }, token: account.idToken });
}

async function sendWeb(fields: Record<string, string>, files: Uint8Array[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("photoConsent", "true");
  for (const file of files) form.append("file", new Blob([file], { type: "image/jpeg" }), "prescription.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return { status: response.status, body: (await response.json()) as any };
}

const webFields = (answers: Record<string, string>, extra: Record<string, string> = {}) => ({
  patientName: "ニチヤク タロウ",
  phone: "090-1234-5678",
  answers: JSON.stringify({ prescriptionType: "Paper", ...answers }),
  ...extra,
});

describe("reading the prescription's 2D code", () => {
  it("gives rx and the read status on the uploaded prescription, in the reception and in the day's list", async () => {
    const reception = await makeReception(server, account);
    const upload = await uploadFile(server, account, photos.issuedToday!, { receptionId: reception.id });
    expect(upload.status).toBe(201);
    const prescription = upload.body.prescription as Prescription;
    expect(prescription.codeStatus).toBe("read");
    expect(prescription.rx).toMatchObject({
      issuedOn: "2026-11-20",
      usableUntil: "2026-11-23",
      patient: { name: "日薬 太郎", kana: "ﾆﾁﾔｸ ﾀﾛｳ" },
      institution: { name: "日薬クリニック" },
      raw: ISSUED_TODAY,
    });
    expect(prescription.rx!.rps[0]!.drugs[0]).toMatchObject({
      name: "ノルバスク錠２．５ｍｇ",
      code: "2171022F1020",
      amount: "1",
      unit: "錠",
    });
    expect((await server.api.get(`/api/reception/${reception.id}`, account.idToken)).body.prescriptions[0]).toEqual(
      prescription,
    );
    const list = await server.api.get("/api/reception", account.idToken);
    expect(list.body.receptions.find((row: { id: string }) => row.id === reception.id).prescriptions[0]).toEqual(
      prescription,
    );
  });

  it("joins a code split over two photos of one reception (structured append)", async () => {
    const reception = await makeReception(server, account);
    const first = await uploadFile(server, account, photos.firstHalf!, { receptionId: reception.id });
    expect(first.body.prescription).toMatchObject({ codeStatus: "incomplete" });
    expect(first.body.prescription.rx).toBeUndefined();
    const second = await uploadFile(server, account, photos.secondHalf!, { receptionId: reception.id });
    expect(second.body.prescription).toMatchObject({ codeStatus: "read" });
    const prescriptions = (await server.api.get(`/api/reception/${reception.id}`, account.idToken)).body
      .prescriptions as Prescription[];
    // the photo holding the first symbol carries the prescription
    const withRx = prescriptions.find((prescription) => prescription.fileId === first.body.file.id);
    const rest = prescriptions.find((prescription) => prescription.fileId === second.body.file.id);
    expect(withRx).toMatchObject({ codeStatus: "read", rx: { raw: LONG } });
    expect(withRx!.rx!.rps).toHaveLength(6);
    expect(rest).toMatchObject({ codeStatus: "read" });
    expect(rest!.rx).toBeUndefined();
  });

  it("joins a split code sent in one web reception, keeping the photos in the order they were sent", async () => {
    const sent = await sendWeb(webFields({ receiveMethod: "Pharmacy" }), [
      photos.noCode!,
      photos.secondHalf!,
      photos.firstHalf!,
    ]);
    expect(sent.status).toBe(201);
    const list = (await server.api.get("/api/reception", account.idToken)).body.receptions;
    const web = list.find((row: { receptionNumber: number }) => row.receptionNumber === sent.body.receptionNumber);
    const [plain, rest, withRx] = web.prescriptions as Prescription[];
    expect(plain).toMatchObject({ codeStatus: "none" });
    expect(rest).toMatchObject({ codeStatus: "read" });
    expect(rest!.rx).toBeUndefined();
    expect(withRx).toMatchObject({ codeStatus: "read", rx: { raw: LONG } });
  });

  it("takes an iPhone's HEIC photo, keeps it as a JPEG every browser shows, with its thumbnail, and reads its code", async () => {
    const reception = await makeReception(server, account);
    const upload = await uploadFile(server, account, await prescriptionHeic(), { receptionId: reception.id });
    expect(upload.status).toBe(201);
    expect(upload.body.file.contentType).toBe("image/jpeg");
    expect(upload.body.prescription.codeStatus).toBe("read");
    expect(upload.body.prescription.rx.raw).toBe(ISSUED_TODAY);
    for (const path of [`/api/file/${upload.body.file.id}`, `/api/file/${upload.body.file.id}/thumbnail`]) {
      const served = await fetch(`${server.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${account.idToken}` },
      });
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await served.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it("reads the page image of a PDF", async () => {
    const reception = await makeReception(server, account);
    const upload = await uploadFile(
      server,
      account,
      pdfOfJpeg(photos.issuedToday!),
      { receptionId: reception.id },
      "scan.pdf",
      "application/pdf",
    );
    expect(upload.status).toBe(201);
    expect(upload.body.file.contentType).toBe("application/pdf");
    expect(upload.body.prescription).toMatchObject({ codeStatus: "read", rx: { issuedOn: "2026-11-20" } });
  });

  it.each<FlatePdfOptions>([
    { colorSpace: "DeviceRGB", pngPredictors: true },
    { colorSpace: "DeviceGray" },
    { colorSpace: "ICCBased", pngPredictors: true },
  ])("reads a PDF whose page is a Flate (PNG-like) image: %o", async (options) => {
    const reception = await makeReception(server, account);
    const pdf = await pdfOfPixels(photos.issuedToday!, options);
    const upload = await uploadFile(server, account, pdf, { receptionId: reception.id }, "scan.pdf", "application/pdf");
    expect(upload.status).toBe(201);
    expect(upload.body.prescription).toMatchObject({ codeStatus: "read", rx: { issuedOn: "2026-11-20" } });
  });

  it("says so for a photo without a code and for bytes that are no image, never failing the upload", async () => {
    const reception = await makeReception(server, account);
    const plain = await uploadFile(server, account, photos.noCode!, { receptionId: reception.id });
    expect(plain.status).toBe(201);
    expect(plain.body.prescription).toMatchObject({ codeStatus: "none" });
    const broken = await uploadFile(server, account, JPEG_BYTES, { receptionId: reception.id });
    expect(broken.status).toBe(201);
    expect(broken.body.prescription).toMatchObject({ codeStatus: "none" });
    const truncated = await uploadFile(server, account, photos.issuedToday!.subarray(0, 4000), {
      receptionId: reception.id,
    });
    expect(truncated.status).toBe(201);
  });

  it("keeps the symbols of a file uploaded first and attached later", async () => {
    const reception = await makeReception(server, account);
    const upload = await uploadFile(server, account, photos.issuedToday!);
    const attached = await server.api.request("PATCH", "/api/file", {
      body: { id: upload.body.file.id, receptionId: reception.id },
      token: account.idToken,
    });
    expect(attached.body.prescription).toMatchObject({ codeStatus: "read", rx: { usableUntil: "2026-11-23" } });
  });
});

describe("the return date and the last usable day", () => {
  it("refuses at the counter a return date after the last usable day of a read code, and takes one on it", async () => {
    const reception = await makeReception(server, account);
    await uploadFile(server, account, photos.issuedToday!, { receptionId: reception.id });
    const late = await patch(reception.id, { answers: returnVisit("2026-11-24") });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      errorCode: ErrorCode.ReturnDateAfterUsable,
      message: expect.stringContaining("使用期限"),
    });
    expect((await server.api.get(`/api/reception/${reception.id}`, account.idToken)).body.answers).toEqual({});
    expect((await patch(reception.id, { answers: returnVisit("2026-11-21") })).status).toBe(200);
  });

  it("lets any return date through when no code was read", async () => {
    const reception = await makeReception(server, account);
    await uploadFile(server, account, photos.noCode!, { receptionId: reception.id });
    expect((await patch(reception.id, { answers: returnVisit("2026-12-10") })).status).toBe(200);
  });

  it("refuses a web reception whose return date is after the last usable day, and keeps nothing of it", async () => {
    const before = (await server.api.get("/api/reception", account.idToken)).body.total;
    const late = await sendWeb(webFields(returnVisit("2026-11-24")), [photos.issuedToday!]);
    expect(late.status).toBe(400);
    expect(late.body.errorCode).toBe(ErrorCode.ReturnDateAfterUsable);
    expect((await server.api.get("/api/reception", account.idToken)).body.total).toBe(before);
    const inTime = await sendWeb(webFields(returnVisit("2026-11-21")), [photos.issuedToday!]);
    expect(inTime.status).toBe(201);
  });
});

describe("national holidays", () => {
  it("are closed for a return visit by default and named on the public page", async () => {
    const page = await server.api.get(`/api/public/pharmacy/${slug}`);
    expect(page.body.holidays).toContainEqual({ date: "2026-11-23", name: "勤労感謝の日" });
    const holiday = await sendWeb(webFields(returnVisit("2026-11-23")), [photos.noCode!]);
    expect(holiday.status).toBe(400);
    expect(holiday.body.issues).toContainEqual(
      expect.objectContaining({
        path: ["answers", "returnDate"],
        message: "この日は休業日です。別の日を選んでください",
      }),
    );
  });

  it("open with 祝日も営業する", async () => {
    const hours = (await server.api.get("/api/business_hours", account.idToken)).body;
    await server.api.request("PUT", "/api/business_hours", {
      body: { ...hours, openOnHolidays: true },
      token: account.idToken,
    });
    try {
      expect((await sendWeb(webFields(returnVisit("2026-11-23")), [photos.noCode!])).status).toBe(201);
    } finally {
      await server.api.request("PUT", "/api/business_hours", {
        body: { ...hours, openOnHolidays: false },
        token: account.idToken,
      });
    }
  });
});

describe("the 引換番号", () => {
  it("is kept on the reception's electronic prescription, full-width digits normalised, and can be changed", async () => {
    const reception = await makeReception(server, account);
    const saved = await patch(reception.id, { exchangeNumber: "１２３４ ５６７８" });
    expect(saved.status).toBe(200);
    expect(saved.body.prescriptions).toEqual([
      expect.objectContaining({ sourceType: "Electronic", exchangeNumber: "12345678" }),
    ]);
    const changed = await patch(reception.id, { exchangeNumber: "87654321" });
    expect(changed.body.prescriptions).toEqual([
      expect.objectContaining({ sourceType: "Electronic", exchangeNumber: "87654321" }),
    ]);
    const cleared = await patch(reception.id, { exchangeNumber: "" });
    expect(cleared.body.prescriptions[0].exchangeNumber).toBeUndefined();
    expect((await patch(reception.id, { exchangeNumber: "12ab" })).status).toBe(400);
  });

  it("comes with a web reception of an electronic prescription", async () => {
    const answers = { prescriptionType: "Electronic", verifyMethod: "InsuranceCard", receiveMethod: "Pharmacy" };
    const sent = await sendWeb(webFields(answers, { exchangeNumber: "０１２３４５６７８９" }), []);
    expect(sent.status).toBe(201);
    const list = (await server.api.get("/api/reception", account.idToken)).body.receptions;
    const web = list.find((row: { receptionNumber: number }) => row.receptionNumber === sent.body.receptionNumber);
    expect(web.prescriptions).toEqual([
      expect.objectContaining({ sourceType: "Electronic", exchangeNumber: "0123456789" }),
    ]);
    expect((await sendWeb(webFields(answers, { exchangeNumber: "abc" }), [])).status).toBe(400);
  });
});
