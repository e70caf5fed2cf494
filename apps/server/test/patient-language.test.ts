import fc from "fast-check";
import { waitForMails } from "@pharmacy/test-support/mail";
import { describe, expect, it } from "vitest";
import { makeDevice, uniqueEmail } from "./helpers/factories.js";
import { lineServerPerFile, linkUser, markReady, PUBLIC_BASE_URL, pushesTo } from "./helpers/line.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

/*
 * The patient's language (docs/rules.md#every-patient): taken from the web form's and the counter kiosk's
 * Accept-Language, kept on the reception, shown to staff, and the language of every notice about it.
 */
const context = lineServerPerFile({ PUBLIC_SEND_LIMIT_PER_MINUTE: "1000" });

async function sendIn(acceptLanguage: string | undefined, email?: string) {
  const { server, slug, account } = context;
  const sent = await sendWebReception(server.api, slug, {
    ...(acceptLanguage !== undefined && { acceptLanguage }),
    ...(email && { email }),
  });
  expect(sent.status).toBe(201);
  const id = await receptionIdOf(server.api, account.idToken, sent.body.receptionNumber, sent.body.receptionDate);
  return { ...sent.body, id };
}

async function staffView(id: string) {
  const { server, account } = context;
  const detail = await server.api.get(`/api/reception/${id}`, account.idToken);
  const list = await server.api.get("/api/reception", account.idToken);
  const listed = (list.body.receptions as { id: string; patientLanguage: string }[]).find((row) => row.id === id);
  return { detail: detail.body.patientLanguage as string, listed: listed?.patientLanguage };
}

describe("the reception keeps the patient's language", () => {
  it("a web reception sent with Accept-Language: vi is a Vietnamese one: staff see it, and its mail and LINE are Vietnamese", async () => {
    const email = uniqueEmail("vi");
    const reception = await sendIn("vi", email);
    expect(await staffView(reception.id)).toEqual({ detail: "vi", listed: "vi" });

    const { userId, reply } = await linkUser(context, reception.statusToken);
    expect(reply).toBe(`Chúng tôi sẽ gửi thông báo về số tiếp nhận ${reception.receptionNumber} qua LINE.`);
    expect((await markReady(context, reception.id)).status).toBe(200);

    const [mail] = await waitForMails(context.server.config.mail.outboxDir, email, 1);
    const number = reception.receptionNumber;
    expect(mail).toContain(`Thuốc của số tiếp nhận ${number} đã chuẩn bị xong.`);
    expect(mail).toContain("Bạn có thể xem tình trạng tiếp nhận tại trang sau:");
    expect(mail).toContain("muộn nhất là 14 ngày sau ngày dự kiến nhận thuốc");
    expect(mail).not.toMatch(/受付|お薬/);

    const [push] = await context.platform.until(() =>
      pushesTo(context, userId).length >= 1 ? pushesTo(context, userId) : undefined,
    );
    const { name } = (await context.server.api.get("/api/pharmacy", context.account.idToken)).body as { name: string };
    expect(push!.text).toBe(
      `[${name}] Thuốc của bạn đã sẵn sàng\nThuốc của số tiếp nhận ${number} đã chuẩn bị xong. ` +
        `Vui lòng đọc số tiếp nhận của bạn tại quầy nhà thuốc.\n\n${PUBLIC_BASE_URL}/web/status/${reception.statusToken}`,
    );
  });

  it("English and Thai browsers get English and Thai notices; a regional tag finds its language", async () => {
    const englishMail = uniqueEmail("en");
    const english = await sendIn("en-GB,en;q=0.9,ja;q=0.5", englishMail);
    expect(await staffView(english.id)).toEqual({ detail: "en", listed: "en" });
    await markReady(context, english.id);
    await context.server.api.post(`/api/reception/${english.id}/call`, undefined, context.account.idToken);
    const [, called] = await waitForMails(context.server.config.mail.outboxDir, englishMail, 2);
    expect(called).toContain(`Your medicine for reception number ${english.receptionNumber} is ready.`);

    const thai = await sendIn("th-TH");
    expect(await staffView(thai.id)).toEqual({ detail: "th", listed: "th" });
    const { userId } = await linkUser(context, thai.statusToken);
    await markReady(context, thai.id);
    const [push] = await context.platform.until(() =>
      pushesTo(context, userId).length >= 1 ? pushesTo(context, userId) : undefined,
    );
    expect(push!.text).toContain(`ยาของหมายเลขคิว ${thai.receptionNumber}เตรียมเสร็จแล้ว`);

    expect((await staffView((await sendIn("zh-TW")).id)).detail).toBe("zh-Hant");
    expect((await staffView((await sendIn("ja-x-easy, ja;q=0.8")).id)).detail).toBe("ja-x-easy");
  });

  it("without Accept-Language, or with one naming no supported language, the reception is Japanese", async () => {
    for (const header of [undefined, "", "de-DE,fr;q=0.8", "*", "vi;q=0"]) {
      const reception = await sendIn(header);
      expect(await staffView(reception.id)).toEqual({ detail: "ja", listed: "ja" });
    }
  });

  it("generated malformed Accept-Language values never fail a send and fall back to Japanese", async () => {
    // printable ASCII only (fetch refuses anything else in a header), from characters that spell no supported tag
    const junk = fc.stringMatching(/^[qwxz0-9;=,.\-*_ +]{0,60}$/);
    const weighted = fc.constantFrom("en;q=0", "vi;q=0.000", "th;q=-1", "ko;q=abc", "id;q=2");
    const header = fc
      .array(fc.oneof(junk, weighted), { minLength: 1, maxLength: 4 })
      .chain((parts) => fc.constantFrom(",", ";", " , ").map((separator) => parts.join(separator)));
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        const { server, slug } = context;
        const sent = await sendWebReception(server.api, slug, { acceptLanguage: value });
        expect(sent.status).toBe(201);
        const id = await receptionIdOf(server.api, context.account.idToken, sent.body.receptionNumber);
        expect((await staffView(id)).detail).toBe("ja");
      }),
      { numRuns: 12 },
    );
  });

  it("the counter kiosk's reception takes the kiosk's language, and the one shown when the patient confirms", async () => {
    const { server, account } = context;
    const counter = await makeDevice(server, account, "counter");
    const created = await server.api.request("POST", "/api/reception", {
      token: counter.idToken,
      headers: { "accept-language": "ko-KR,ko;q=0.9" },
    });
    expect(created.status).toBe(201);
    expect(created.body.patientLanguage).toBe("ko");
    const confirmed = await server.api.request("POST", `/api/reception/${created.body.id}/confirm`, {
      token: counter.idToken,
      headers: { "accept-language": "ne" },
    });
    expect(confirmed.body.patientLanguage).toBe("ne");
    expect(await staffView(created.body.id)).toEqual({ detail: "ne", listed: "ne" });

    // a staff member's browser is theirs, not the patient's: a paper reception they make stays Japanese
    const paper = await server.api.request("POST", "/api/reception", {
      token: account.idToken,
      headers: { "accept-language": "en" },
    });
    expect(paper.body.patientLanguage).toBe("ja");
  });
});
