import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, makeReception, uploadFile, type TestAccount } from "./helpers/factories.js";
import { JPEG_BYTES } from "@pharmacy/test-support/sample-files";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  account = await makeAccount(server);
  await server.database.db
    .updateTable("pharmacies")
    .set({ name: `<b>さくら</b>薬局 & "本店"`, phone: "03-1234-5678" })
    .where("id", "=", account.user.pharmacyId)
    .execute();
});
afterAll(() => server.close());

const preview = (id: string, query = "") => server.api.get(`/api/reception/${id}/preview${query}`, account.idToken);

describe("ticket preview", () => {
  it("renders the number, the Tokyo date-time, the answers in Japanese and the message, as HTML", async () => {
    server.clock.set(new Date("2026-05-01T00:30:00Z"));
    const reception = await makeReception(server, account);
    const response = await preview(
      reception.id,
      "?answers=prescriptionType:Paper&answers=genericDrug:Consult&answers=receiveMethod:ReturnVisit&answers=returnDate:2026-05-08&answers=returnTimePeriod:14:00-18:00",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.text).toContain(`<div class="number">${reception.receptionNumber}</div>`);
    expect(response.text).toContain("2026年05月01日 09:30");
    expect(response.text).toContain("紙の処方箋");
    expect(response.text).toContain("薬剤師に相談したい");
    expect(response.text).toContain("後で取りに来る");
    expect(response.text).toContain("2026年05月08日（金）の14:00〜18:00にお越しください");
    expect(response.text).toContain("TEL 03-1234-5678");
    // Two lengths: browsers drop `80mm auto` and print on A4 (the PDF width is proven in e2e).
    expect(response.text).toContain("@page { size: 80mm 160mm");
  });

  it("tells a patient who waits in the pharmacy that the number is called, and nothing about coming back", async () => {
    const reception = await makeReception(server, account);
    const response = await preview(reception.id, "?answers=receiveMethod:Pharmacy");
    expect(response.text).toContain("受付番号でお呼びします");
    expect(response.text).not.toContain("お越しください");
  });

  it("carries the web questionnaire's QR code when the patient chose it and the branch has a URL, and only then", async () => {
    const reception = await makeReception(server, account);
    const chosen = "?answers=firstVisit:yes&answers=questionnaireType:Web";
    expect((await preview(reception.id, chosen)).text).not.toContain("Web問診票のQRコード");
    await server.database.db
      .updateTable("pharmacies")
      .set({ web_questionnaire_url: "https://example.jp/monshin" })
      .where("id", "=", account.user.pharmacyId)
      .execute();
    try {
      const ticket = (await preview(reception.id, chosen)).text;
      expect(ticket).toContain('aria-label="Web問診票のQRコード"');
      expect(ticket).toMatch(/<svg[^>]*viewBox/);
      expect(
        (await preview(reception.id, "?answers=firstVisit:yes&answers=questionnaireType:Paper")).text,
      ).not.toContain("Web問診票のQRコード");
    } finally {
      await server.database.db
        .updateTable("pharmacies")
        .set({ web_questionnaire_url: null })
        .where("id", "=", account.user.pharmacyId)
        .execute();
    }
  });

  it("prints a marked test ticket with the branch's phone for 「テスト印刷」", async () => {
    const response = await server.api.get("/api/reception/test_ticket", account.idToken);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.text).toContain("テスト印刷");
    expect(response.text).toContain("TEL 03-1234-5678");
    expect((await server.api.get("/api/reception/test_ticket", "")).status).toBe(401);
  });

  it("escapes every value", async () => {
    const reception = await makeReception(server, account);
    const response = await preview(reception.id);
    expect(response.text).toContain("&lt;b&gt;さくら&lt;/b&gt;薬局 &amp; &quot;本店&quot;");
    expect(response.text).not.toContain("<b>さくら</b>");
  });

  it("shows a partition as 12-1", async () => {
    const reception = await makeReception(server, account);
    for (let i = 0; i < 2; i++) await uploadFile(server, account, JPEG_BYTES, { receptionId: reception.id });
    const withPrescriptions = await server.api.get(`/api/reception/${reception.id}`, account.idToken);
    await server.api.request(
      "PUT",
      `/api/reception/${reception.id}/prescription/${withPrescriptions.body.prescriptions[1].prescriptionId}`,
      {
        body: { partitionNumber: 2 },
        token: account.idToken,
      },
    );
    const response = await preview(reception.id);
    expect(response.text).toContain(`<div class="number">${reception.receptionNumber}-1</div>`);
  });

  it("uses the saved answers when none are given", async () => {
    const reception = await makeReception(server, account);
    await server.api.request("PATCH", `/api/reception/${reception.id}`, {
      body: { id: reception.id, answers: { medicineNotebook: "App" } },
      token: account.idToken,
    });
    expect((await preview(reception.id)).text).toContain("アプリ");
  });

  it.each([
    "?answers=nonsense",
    "?answers=firstVisit:maybe",
    "?answers=unknown:yes",
    "?answers=prescriptionType:Paper&answers=verifyMethod:MyNumberCard",
    "?other=1",
  ])("answers %s with 400 and issues", async (query) => {
    const reception = await makeReception(server, account);
    const response = await preview(reception.id, query);
    expect(response.status).toBe(400);
    expect(response.body.issues.length).toBeGreaterThan(0);
  });
});
