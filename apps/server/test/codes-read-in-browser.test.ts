import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prescription } from "@pharmacy/contract/receptions/receptions";
import { MAX_PHOTO_CODES_CHARS } from "@pharmacy/contract/public/public";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { photoWithoutCode, prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { encodeShiftJis } from "@pharmacy/test-support/shift-jis";
import { CodeReader } from "../src/features/files/code-reader.js";
import { makeAccount, type TestAccount } from "./helpers/factories.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

// Issue 21 item 1: the browser reads a photo's code at its full size before making it smaller, and
// sends what it read with the photos; the server keeps that where it reads fewer symbols in the photo itself.
let server: TestServer;
let account: TestAccount;
let slug: string;
let blankPhoto: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
  await server.api.request("PATCH", "/api/pharmacy", {
    body: { name: "さくら薬局", address: "東京都千代田区1-1", phone: "03-1234-5678" },
    token: account.idToken,
  });
  slug = (await server.api.get("/api/pharmacy", account.idToken)).body.publicSlug;
  blankPhoto = await photoWithoutCode();
});
afterAll(() => server.close());

const symbolOf = (payload: string) => ({
  bytes: Buffer.from(encodeShiftJis(payload)).toString("base64"),
  index: -1,
  size: -1,
  id: "",
});

async function send(photos: Buffer[], photoCodes: string | undefined) {
  const form = new FormData();
  form.append("patientName", "ニチヤク タロウ");
  form.append("phone", "090-1234-5678");
  form.append("answers", JSON.stringify({ prescriptionType: "Paper", receiveMethod: "Pharmacy" }));
  if (photoCodes !== undefined) form.append("photoCodes", photoCodes);
  form.append("photoConsent", "true");
  for (const photo of photos) form.append("file", new Blob([photo], { type: "image/jpeg" }), "prescription.jpg");
  const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": server.api.clientIp },
  });
  return {
    status: response.status,
    body: (await response.json()) as { receptionNumber?: number; issues?: { path: string[] }[] },
  };
}

async function prescriptionsOf(receptionNumber: number): Promise<Prescription[]> {
  const list = await server.api.get("/api/reception", account.idToken);
  return list.body.receptions.find((row: { receptionNumber: number }) => row.receptionNumber === receptionNumber)
    .prescriptions;
}

async function receptionCount(): Promise<number> {
  return (await server.api.get("/api/reception", account.idToken)).body.receptions.length;
}

describe("codes the browser read before making the photo smaller", () => {
  it("are kept for a photo in which the server reads no code, by the photos' order", async () => {
    const payload = samplePrescriptionPayload({ issuedOn: "20261120" });
    const sent = await send([blankPhoto, blankPhoto], JSON.stringify([[], [symbolOf(payload)]]));
    expect(sent.status).toBe(201);
    const [first, second] = await prescriptionsOf(sent.body.receptionNumber!);
    expect(first).toMatchObject({ codeStatus: "none" });
    expect(second).toMatchObject({ codeStatus: "read", rx: { raw: payload, issuedOn: "2026-11-20" } });
  });

  it("give way to the server's reading of the photo itself when it reads as many symbols", async () => {
    const shown = samplePrescriptionPayload({ issuedOn: "20261121" });
    const sent = await send(
      [await prescriptionPhoto(shown)],
      JSON.stringify([[symbolOf(samplePrescriptionPayload({ issuedOn: "20261122" }))]]),
    );
    expect(sent.status).toBe(201);
    const [prescription] = await prescriptionsOf(sent.body.receptionNumber!);
    expect(prescription).toMatchObject({ codeStatus: "read", rx: { raw: shown, issuedOn: "2026-11-21" } });
  });

  it("complete a code split over two symbols of which the server reads one in the smaller photo", async () => {
    const payload = samplePrescriptionPayload({ issuedOn: "20261123", rpCount: 3 });
    const split = await prescriptionPhoto(payload, 2, [0]);
    // what the browser read in the whole photo: both symbols, as the same reader gives them
    const reader = new CodeReader();
    const both = (await reader.read(await prescriptionPhoto(payload, 2), "image/jpeg")).symbols!;
    await reader.close();
    expect(both).toHaveLength(2);
    const sent = await send([split], JSON.stringify([both]));
    expect(sent.status).toBe(201);
    const [prescription] = await prescriptionsOf(sent.body.receptionNumber!);
    expect(prescription).toMatchObject({ codeStatus: "read", rx: { raw: payload } });
  });

  const symbol = symbolOf("JAHIS10\r\n51,20261120\r\n");
  it.each([
    ["not JSON", "[[{"],
    ["not a list of lists", JSON.stringify([symbol])],
    ["bytes that are not base64", JSON.stringify([[{ ...symbol, bytes: "最初の!!" }]])],
    ["empty bytes", JSON.stringify([[{ ...symbol, bytes: "" }]])],
    [
      "a symbol larger than a QR holds",
      JSON.stringify([[{ ...symbol, bytes: Buffer.alloc(3000).toString("base64") }]]),
    ],
    ["a position past 16 symbols", JSON.stringify([[{ ...symbol, index: 16, size: 17 }]])],
    ["a field of its own", JSON.stringify([[{ ...symbol, text: "JAHIS10" }]])],
    ["17 symbols on one photo", JSON.stringify([Array.from({ length: 17 }, () => symbol)])],
    ["more photos than may be sent", JSON.stringify(Array.from({ length: 6 }, () => []))],
    ["longer than the form sends", `[[${JSON.stringify(symbol)}]${" ".repeat(MAX_PHOTO_CODES_CHARS)}]`],
  ])("are refused with 400, and nothing kept, when %s", async (_, photoCodes) => {
    const before = await receptionCount();
    const sent = await send([blankPhoto], photoCodes);
    expect(sent.status).toBe(400);
    expect(sent.body.issues?.some((issue) => issue.path[0] === "photoCodes")).toBe(true);
    expect(await receptionCount()).toBe(before);
  });
});

describe("codes the browser read in photos staff asked for", () => {
  it("are kept the same way, and refused when malformed", async () => {
    const sent = await send([blankPhoto], undefined);
    const reception = (await server.api.get("/api/reception", account.idToken)).body.receptions.find(
      (row: { receptionNumber: number }) => row.receptionNumber === sent.body.receptionNumber,
    );
    await server.api.request("POST", `/api/reception/${reception.id}/photo_request`, {
      body: { reason: "Blurry" },
      token: account.idToken,
    });
    const statusToken = (sent.body as { statusToken?: string }).statusToken!;
    const answer = async (photoCodes: string) => {
      const form = new FormData();
      form.append("photoCodes", photoCodes);
      form.append("photoConsent", "true");
      form.append("file", new Blob([blankPhoto], { type: "image/jpeg" }), "new.jpg");
      const response = await fetch(`${server.baseUrl}/api/public/reception/${statusToken}/photos`, {
        method: "POST",
        body: form,
        headers: { "x-forwarded-for": server.api.clientIp },
      });
      return response.status;
    };
    expect(await answer("[[{}]]")).toBe(400);
    const payload = samplePrescriptionPayload({ issuedOn: "20261124" });
    expect(await answer(JSON.stringify([[symbolOf(payload)]]))).toBe(200);
    const prescriptions = await prescriptionsOf(sent.body.receptionNumber!);
    expect(prescriptions.find((prescription) => prescription.codeStatus === "read")).toMatchObject({
      rx: { raw: payload },
    });
  });
});
