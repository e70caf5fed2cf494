import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, ERROR_CODE_MESSAGES, MAX_IMAGE_PIXELS } from "@pharmacy/contract/shared/errors";
import {
  flatePdfBomb,
  heicBomb,
  jpegBomb,
  pdfBomb,
  pngBomb,
  webpExtendedBomb,
  webpLosslessBomb,
} from "@pharmacy/test-support/image-bombs";
import { largestPicturePixels } from "../src/features/files/image-pixels.js";
import { makeAccount, makeReception, openPublicPage, uploadFile, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/** Issue 20, item 6: a small file claiming a huge picture is refused from its header, before any decoder sees it. */
let server: TestServer;
let account: TestAccount;
let slug: string;
let bombs: [string, Buffer, string][];

beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
  slug = await openPublicPage(server, account);
  bombs = [
    ["PNG 16000×16000", await pngBomb(), "image/png"],
    ["JPEG 16000×16000", jpegBomb(), "image/jpeg"],
    ["WebP (VP8L) 16000×16000", webpLosslessBomb(), "image/webp"],
    ["WebP (VP8X) 16000×16000", webpExtendedBomb(), "image/webp"],
    ["HEIC 16000×16000", heicBomb(), "image/heic"],
    ["PDF of a 16000×16000 page", pdfBomb(), "application/pdf"],
    ["PDF of a 16000×16000 Flate page", flatePdfBomb(), "application/pdf"],
    ["JPEG just over the limit", jpegBomb(10_000, 5_001), "image/jpeg"],
  ];
});
afterAll(() => server.close());

const TOO_LARGE = { errorCode: ErrorCode.ImageTooLarge, message: ERROR_CODE_MESSAGES[ErrorCode.ImageTooLarge] };
const fileCount = async () =>
  Number(
    (
      await server.database.db
        .selectFrom("files")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function sendFromPublicForm(bytes: Buffer, type: string) {
  const form = new FormData();
  form.append("patientName", "ヤマダ タロウ");
  form.append("phone", "09012345678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  form.append("photoConsent", "true");
  form.append("file", new Blob([bytes], { type }), "photo");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return { status: response.status, body: await response.json() };
}

describe("decompression bombs", () => {
  it("are small files", () => {
    for (const [name, bytes] of bombs) expect(bytes.byteLength, name).toBeLessThan(1024 * 1024);
    expect(TOO_LARGE.message).toBe(
      "画像の画素数が大きすぎます（5000万画素まで）。小さくしてからもう一度送ってください。",
    );
  });

  it("are refused with 413 and the Japanese message from staff uploads and from the public form, and nothing is kept", async () => {
    const before = await fileCount();
    const reception = await makeReception(server, account);
    for (const [name, bytes, type] of bombs) {
      const staff = await uploadFile(server, account, bytes, { receptionId: reception.id }, "photo", type);
      expect(staff, name).toEqual({ status: 413, body: TOO_LARGE });
      const visitor = await sendFromPublicForm(bytes, type);
      expect(visitor, name).toEqual({ status: 413, body: TOO_LARGE });
    }
    expect(await fileCount()).toBe(before);
    expect((await server.api.get(`/api/reception/${reception.id}`, account.idToken)).body.prescriptions).toEqual([]);
  });
});

describe("the pixel count read from the headers", () => {
  it("is the picture's own for real files of every decoded type", async () => {
    const image = sharp({ create: { width: 321, height: 123, channels: 3, background: "#888" } });
    expect(largestPicturePixels(await image.clone().jpeg().toBuffer(), "image/jpeg")).toBe(321 * 123);
    expect(
      largestPicturePixels(await image.clone().jpeg({ progressive: true }).withMetadata().toBuffer(), "image/jpeg"),
    ).toBe(321 * 123);
    expect(largestPicturePixels(await image.clone().png().toBuffer(), "image/png")).toBe(321 * 123);
    expect(largestPicturePixels(await image.clone().webp().toBuffer(), "image/webp")).toBe(321 * 123);
    expect(largestPicturePixels(await image.clone().webp({ lossless: true }).toBuffer(), "image/webp")).toBe(321 * 123);
    expect(largestPicturePixels(heicBomb(4032, 3024), "image/heic")).toBe(4032 * 3024);
    expect(largestPicturePixels(pdfBomb(2480, 3508), "application/pdf")).toBe(2480 * 3508);
    expect(largestPicturePixels(flatePdfBomb(2480, 3508), "application/pdf")).toBe(2480 * 3508);
  });

  it("lets a 48-megapixel phone photo through and stops one pixel row later", () => {
    expect(largestPicturePixels(jpegBomb(8064, 6048), "image/jpeg")).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
    expect(largestPicturePixels(jpegBomb(10_000, 5_001), "image/jpeg")).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });
});
