import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { samplePrescriptionPayload } from "@pharmacy/test-support/jahis-payloads";
import { prescriptionPhoto } from "@pharmacy/test-support/prescription-photos";
import { makeBrowserKeys } from "@pharmacy/test-support/push-service";
import {
  makeAccount,
  makeDevice,
  makePerson,
  makeReception,
  openPublicPage,
  uniqueEmail,
  uploadFile,
  type TestAccount,
} from "./helpers/factories.js";
import { at, eventually, LINK_BASE, mailedFollowUpToken, mailTexts, statusOf } from "./helpers/follow-ups.js";
import { startTestServer, type TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";

/**
 * docs/rules.md#continuity-of-care through the API: consent and contact, planning, the patient's page answered once, the
 * worklist with alerts first, closing with 対応内容 (the contact deleted with the last one), the
 * report, the templates, and the audit log without patient data.
 */
let server: TestServer;
let admin: TestAccount;
let staff: TestAccount;
let other: TestAccount;
let slug: string;
let photo: Uint8Array;

const GOOD_ANSWERS = { condition: "better", sideEffects: [], missedDoses: "none", leftover: "no", callRequest: "no" };

beforeAll(async () => {
  // push.invalid never resolves: a push follow-up is planned and marked sent, no push reaches a phone here
  server = await startTestServer({
    PUBLIC_BASE_URL: LINK_BASE,
    FOLLOW_UP_SWEEP_SECONDS: "0.05",
    PUSH_SERVICE_HOSTS: "push.invalid,*.push.invalid",
  });
  admin = await makeAccount(server);
  staff = await makePerson(server, admin, "staff");
  other = await makeAccount(server);
  slug = await openPublicPage(server, admin);
  photo = await prescriptionPhoto(samplePrescriptionPayload({ issuedOn: "20261119", patientName: "日薬 花子" }));
  await at(server, "2026-11-20T10:00:00", [admin, staff, other]);
});
afterAll(() => server.close());

const api = () => server.api;

/** A reception with a read prescription code (日薬クリニック, 日薬 一郎, ノルバスク and ブロプレス). */
async function receptionWithCode() {
  const reception = await makeReception(server, admin);
  const upload = await uploadFile(server, admin, photo, { receptionId: reception.id });
  expect(upload.body.prescription.rx.institution.name).toBe("日薬クリニック");
  return reception;
}

async function contact(receptionId: string, body: Record<string, unknown>, token = staff.idToken) {
  return api().request("PUT", `/api/reception/${receptionId}/care_contact`, { body, token });
}

async function plan(receptionId: string, body: Record<string, unknown>, token = staff.idToken) {
  return api().post(`/api/reception/${receptionId}/follow_ups`, body, token);
}

/** A follow-up by mail due today, sent by the sweep; its id, the address and the link's token. */
async function sentFollowUp(template = "general") {
  const reception = await receptionWithCode();
  const email = uniqueEmail("patient");
  expect((await contact(reception.id, { email, consent: true })).status).toBe(200);
  const planned = await plan(reception.id, { dueOn: "2026-11-20", template, channel: "email" });
  expect(planned.status).toBe(201);
  const token = await mailedFollowUpToken(server, email);
  return { reception, email, id: planned.body.id as string, token };
}

describe("consent and contact", () => {
  it("is recorded by staff with consent, read back, and refused without consent or any address", async () => {
    const reception = await makeReception(server, admin);
    expect((await api().get(`/api/reception/${reception.id}/care_contact`, staff.idToken)).body).toEqual({
      contact: null,
    });
    const saved = await contact(reception.id, { email: " Patient@Example.jp ", phone: "090-1111-2222", consent: true });
    expect(saved.status).toBe(200);
    expect(saved.body.contact).toMatchObject({
      email: "patient@example.jp",
      phone: "090-1111-2222",
      push: false,
      source: "staff",
    });
    expect((await api().get(`/api/reception/${reception.id}/care_contact`, staff.idToken)).body.contact.email).toBe(
      "patient@example.jp",
    );
    for (const bad of [
      { email: "a@example.jp" },
      { email: "a@example.jp", consent: false },
      { consent: true },
      { email: "not-mail", consent: true },
      { email: "a@example.jp", consent: true, extra: 1 },
    ]) {
      const refused = await contact(reception.id, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.issues.length).toBeGreaterThan(0);
    }
  });

  it("of another branch's reception, or none, answers 404 and stores nothing", async () => {
    const reception = await makeReception(server, admin);
    expect((await contact(reception.id, { email: "a@example.jp", consent: true }, other.idToken)).status).toBe(404);
    expect((await api().get(`/api/reception/${reception.id}/care_contact`, other.idToken)).status).toBe(404);
    expect((await contact(crypto.randomUUID(), { email: "a@example.jp", consent: true })).status).toBe(404);
    expect((await api().get(`/api/reception/${reception.id}/care_contact`, staff.idToken)).body).toEqual({
      contact: null,
    });
  });

  it("is given on the web form with 「服薬後に体調確認の連絡を受け取る」 and the e-mail, and needs the e-mail", async () => {
    const email = uniqueEmail("web");
    const send = async (fields: Record<string, string>) => {
      const form = new FormData();
      form.append("patientName", "ヤマダ タロウ");
      form.append("phone", "09012345678");
      form.append("answers", JSON.stringify({ prescriptionType: "Electronic", receiveMethod: "Pharmacy" }));
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      const response = await fetch(`${server.baseUrl}/api/public/pharmacy/${slug}/reception`, {
        method: "POST",
        body: form,
        headers: { "x-forwarded-for": api().clientIp },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const refused = await send({ followUpConsent: "true" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.issues)).toContain(
      "体調確認の連絡を受け取るにはメールアドレスを入力してください",
    );
    const sent = await send({ followUpConsent: "true", email });
    expect(sent.status).toBe(201);
    const list = await api().get("/api/reception", staff.idToken);
    const id = (list.body.receptions as { id: string; receptionNumber: number }[]).find(
      (row) => row.receptionNumber === sent.body.receptionNumber,
    )!.id;
    expect((await api().get(`/api/reception/${id}/care_contact`, staff.idToken)).body.contact).toMatchObject({
      email,
      source: "web",
    });
    const without = await send({ followUpConsent: "false", email: uniqueEmail("web") });
    const withoutId = (
      (await api().get("/api/reception", staff.idToken)).body.receptions as { id: string; receptionNumber: number }[]
    ).find((row) => row.receptionNumber === without.body.receptionNumber)!.id;
    expect((await api().get(`/api/reception/${withoutId}/care_contact`, staff.idToken)).body).toEqual({
      contact: null,
    });
  });
});

describe("planning", () => {
  it("「7日後に体調確認」: days after today or a day, by e-mail with a contact, by phone without", async () => {
    const reception = await receptionWithCode();
    await contact(reception.id, { email: uniqueEmail("patient"), consent: true });
    const planned = await plan(reception.id, { daysAfter: 7, template: "general", channel: "email" });
    expect(planned.status).toBe(201);
    expect(planned.body).toMatchObject({
      receptionId: reception.id,
      dueOn: "2026-11-27",
      template: "general",
      templateName: "一般",
      channel: "email",
      status: "scheduled",
      flags: [],
    });
    expect(planned.body.createdBy.id).toBe(staff.user.id);
    const byPhone = await plan((await makeReception(server, admin)).id, {
      dueOn: "2026-12-01",
      template: "diabetes",
      channel: "phone",
    });
    expect(byPhone.status).toBe(201);
    expect(byPhone.body).toMatchObject({ dueOn: "2026-12-01", templateName: "糖尿病", channel: "phone" });
    const ofReception = await api().get(`/api/reception/${reception.id}/follow_ups`, staff.idToken);
    expect(ofReception.body.followUps.map((row: { id: string }) => row.id)).toEqual([planned.body.id]);
  });

  it("by e-mail, push or LINE without that contact answers 409 1303; a past day, an unknown template or a bad body 400", async () => {
    const reception = await makeReception(server, admin);
    for (const channel of ["email", "push", "line"]) {
      const refused = await plan(reception.id, { daysAfter: 7, template: "general", channel });
      expect(refused.status).toBe(409);
      expect(refused.body.errorCode).toBe(ErrorCode.CareContactMissing);
    }
    await contact(reception.id, { phone: "0311112222", consent: true });
    expect((await plan(reception.id, { daysAfter: 7, template: "general", channel: "email" })).body.errorCode).toBe(
      ErrorCode.CareContactMissing,
    );
    // consent, but no LINE user linked to the reception
    expect((await plan(reception.id, { daysAfter: 7, template: "general", channel: "line" })).body.errorCode).toBe(
      ErrorCode.CareContactMissing,
    );
    expect(
      (await plan(reception.id, { dueOn: "2026-11-19", template: "general", channel: "phone" })).body.issues[0].path,
    ).toEqual(["dueOn"]);
    expect(
      (await plan(reception.id, { daysAfter: 7, template: "nothing", channel: "phone" })).body.issues[0].path,
    ).toEqual(["template"]);
    for (const bad of [
      {},
      { daysAfter: 7, dueOn: "2026-12-01", template: "general", channel: "phone" },
      { daysAfter: 0, template: "general", channel: "phone" },
      { daysAfter: 7, template: "general", channel: "fax" },
    ]) {
      expect((await plan(reception.id, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await api().get(`/api/reception/${reception.id}/follow_ups`, staff.idToken)).body.followUps).toEqual([]);
  });

  it("by push keeps the status page's subscriptions with consent, past hand-over, and is sent on its day", async () => {
    const sent = await sendWebReception(api(), slug);
    const id = await receptionIdOf(api(), staff.idToken, sent.body.receptionNumber, sent.body.receptionDate);
    const subscribed = await api().post(
      `/api/public/reception/${sent.body.statusToken}/push_subscription`,
      makeBrowserKeys().subscription("https://fcm.push.invalid/send/follow-up"),
    );
    expect(subscribed.status).toBe(201);
    expect((await plan(id, { daysAfter: 7, template: "general", channel: "push" })).body.errorCode).toBe(
      ErrorCode.CareContactMissing,
    );
    expect((await contact(id, { phone: "09012345678", consent: true })).body.contact.push).toBe(true);
    await api().request("PATCH", `/api/reception/${id}`, { body: { id, status: "Completed" }, token: staff.idToken });
    expect((await api().post(`/api/reception/${id}/hand_over`, {}, staff.idToken)).status).toBe(200);
    const planned = await plan(id, { dueOn: "2026-11-20", template: "inhaler", channel: "push" });
    expect(planned.status).toBe(201);
    expect((await api().get(`/api/reception/${id}/care_contact`, staff.idToken)).body.contact.push).toBe(true);
    expect(
      await eventually(
        () => statusOf(server, staff, planned.body.id),
        (status) => status === "sent",
      ),
    ).toBe("sent");
  });

  it("on another branch's reception answers 404", async () => {
    const reception = await makeReception(server, admin);
    expect(
      (await plan(reception.id, { daysAfter: 7, template: "general", channel: "phone" }, other.idToken)).status,
    ).toBe(404);
  });
});

describe("the patient's page", () => {
  it("shows the branch, the medicines from the code and the questions; takes answers once; then thanks", async () => {
    const { id, token } = await sentFollowUp();
    expect(await statusOf(server, staff, id)).toBe("sent");
    const page = await api().get(`/api/public/follow_up/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      pharmacyName: "さくら薬局",
      pharmacyPhone: "03-1234-5678",
      medicines: ["ノルバスク錠２．５ｍｇ", "ブロプレス錠８　８ｍｇ"],
    });
    expect(page.body.questions.map((question: { key: string }) => question.key)).toEqual([
      "condition",
      "sideEffects",
      "missedDoses",
      "leftover",
      "questions",
      "callRequest",
    ]);
    expect(page.body.answeredAt).toBeUndefined();
    expect(JSON.stringify(page.body)).not.toContain("日薬 花子");

    const missing = await api().post(`/api/public/follow_up/${token}`, { answers: { condition: "better" } });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((issue: { path: string[] }) => issue.path.join("."))).toContain(
      "answers.missedDoses",
    );
    expect(
      (await api().post(`/api/public/follow_up/${token}`, { answers: { ...GOOD_ANSWERS, condition: "great" } })).status,
    ).toBe(400);

    const answered = await api().post(`/api/public/follow_up/${token}`, { answers: GOOD_ANSWERS });
    expect(answered.status).toBe(200);
    const again = await api().post(`/api/public/follow_up/${token}`, {
      answers: { ...GOOD_ANSWERS, callRequest: "yes" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      errorCode: ErrorCode.FollowUpAnswered,
      message: "この質問にはすでにご回答いただいています。",
    });
    expect((await api().get(`/api/public/follow_up/${token}`)).body.answeredAt).toBe(answered.body.answeredAt);
    const detail = await api().get(`/api/follow_ups/${id}`, staff.idToken);
    expect(detail.body).toMatchObject({ status: "answered", answers: GOOD_ANSWERS, flags: [], alertKeys: [] });
  });

  it("takes exactly one of 10 answers sent at once", async () => {
    const { id, token } = await sentFollowUp();
    const answers = Array.from({ length: 10 }, (_, index) => ({ ...GOOD_ANSWERS, questions: `回答 ${index}` }));
    const responses = await Promise.all(
      answers.map((body) => api().post(`/api/public/follow_up/${token}`, { answers: body })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const winner = responses.findIndex((response) => response.status === 200);
    expect((await api().get(`/api/follow_ups/${id}`, staff.idToken)).body.answers.questions).toBe(`回答 ${winner}`);
  });

  it("answers 404 to an unknown token and 400 to a malformed one", async () => {
    expect((await api().get(`/api/public/follow_up/${"x".repeat(32)}`)).status).toBe(404);
    expect((await api().post(`/api/public/follow_up/${"x".repeat(32)}`, { answers: GOOD_ANSWERS })).status).toBe(404);
    expect((await api().get("/api/public/follow_up/short")).status).toBe(400);
  });

  it("stores only the link's hash, never the token", async () => {
    const { id, token } = await sentFollowUp();
    const row = await server.database.db
      .selectFrom("follow_ups")
      .select("token_hash")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBeNull();
    expect(row.token_hash).not.toContain(token);
  });
});

describe("the worklist, closing and the contact", () => {
  it("puts 電話を希望 and alerts first, then answered, then scheduled; the main screen counts today's", async () => {
    const account = await makeAccount(server);
    const mine = async (answers: Record<string, unknown> | undefined, channel: "email" | "phone") => {
      const reception = await makeReception(server, account);
      const email = uniqueEmail("patient");
      if (channel === "email") await contact(reception.id, { email, consent: true }, account.idToken);
      const planned = await plan(reception.id, { dueOn: "2026-11-20", template: "general", channel }, account.idToken);
      if (answers) await api().post(`/api/public/follow_up/${await mailedFollowUpToken(server, email)}`, { answers });
      return planned.body.id as string;
    };
    const scheduledByPhone = await mine(undefined, "phone");
    const fine = await mine(GOOD_ANSWERS, "email");
    const worse = await mine({ ...GOOD_ANSWERS, condition: "worse", sideEffects: ["rash"] }, "email");
    const call = await mine({ ...GOOD_ANSWERS, callRequest: "yes" }, "email");
    const list = await api().get("/api/follow_ups", account.idToken);
    expect(list.status).toBe(200);
    expect(list.body.followUps.map((row: { id: string }) => row.id)).toEqual([call, worse, fine, scheduledByPhone]);
    expect(list.body.followUps[0].flags).toEqual(["callRequested", "alert"]);
    expect(list.body.followUps[1]).toMatchObject({ flags: ["alert"], alertKeys: ["condition", "sideEffects"] });
    expect(list.body.followUps[3].reception.id).toBeDefined();
    expect((await api().get("/api/follow_ups/today", account.idToken)).body).toEqual({
      date: "2026-11-20",
      count: 4,
      alerts: 2,
    });
    expect((await api().get("/api/follow_ups?status=answered", account.idToken)).body.followUps).toHaveLength(3);
    expect((await api().get("/api/follow_ups?from=2026-11-21&to=2026-12-31", account.idToken)).body.followUps).toEqual(
      [],
    );
    expect((await api().get("/api/follow_ups?date=2026-13-01", account.idToken)).status).toBe(400);
  });

  it("closes with 対応内容 only; a closed one cannot change; the contact is deleted with the last open one", async () => {
    const { reception, id, email } = await sentFollowUp();
    const second = await plan(reception.id, { daysAfter: 14, template: "general", channel: "email" });
    expect(
      (await api().request("PATCH", `/api/follow_ups/${id}`, { body: { status: "closed" }, token: staff.idToken }))
        .status,
    ).toBe(400);
    const findings = await api().request("PATCH", `/api/follow_ups/${id}`, {
      body: { findings: "ふらつきの訴えあり", proposal: "減量をご検討ください" },
      token: staff.idToken,
    });
    expect(findings.body).toMatchObject({
      status: "sent",
      findings: "ふらつきの訴えあり",
      proposal: "減量をご検討ください",
    });
    const closed = await api().request("PATCH", `/api/follow_ups/${id}`, {
      body: { status: "closed", note: "電話で体調を確認しました" },
      token: staff.idToken,
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: "closed",
      note: "電話で体調を確認しました",
      closedBy: { id: staff.user.id },
    });
    const again = await api().request("PATCH", `/api/follow_ups/${id}`, {
      body: { findings: "追記" },
      token: staff.idToken,
    });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe(ErrorCode.FollowUpClosed);
    // one still open keeps the contact
    expect((await api().get(`/api/reception/${reception.id}/care_contact`, staff.idToken)).body.contact.email).toBe(
      email,
    );
    await api().request("PATCH", `/api/follow_ups/${second.body.id}`, {
      body: { status: "closed", note: "不要になりました" },
      token: staff.idToken,
    });
    expect((await api().get(`/api/reception/${reception.id}/care_contact`, staff.idToken)).body).toEqual({
      contact: null,
    });
    const rows = await server.database.db
      .selectFrom("care_contacts")
      .select("email")
      .where("reception_id", "=", reception.id)
      .execute();
    expect(rows).toEqual([]);
    // the link of a closed follow-up is over
    expect((await api().get(`/api/public/follow_up/${await mailedFollowUpToken(server, email)}`)).body.errorCode).toBe(
      ErrorCode.FollowUpLinkExpired,
    );
  });

  it("of another branch answers 404 on every call", async () => {
    const { id } = await sentFollowUp();
    expect((await api().get(`/api/follow_ups/${id}`, other.idToken)).status).toBe(404);
    expect(
      (await api().request("PATCH", `/api/follow_ups/${id}`, { body: { findings: "x" }, token: other.idToken })).status,
    ).toBe(404);
    expect((await api().get(`/api/follow_ups/${id}/report`, other.idToken)).status).toBe(404);
    expect(
      (await api().get("/api/follow_ups", other.idToken)).body.followUps.map((row: { id: string }) => row.id),
    ).not.toContain(id);
  });

  it("withdrawn consent deletes the contact and closes the open mail follow-ups", async () => {
    const { reception, id } = await sentFollowUp();
    expect(
      (await api().request("DELETE", `/api/reception/${reception.id}/care_contact`, { token: staff.idToken })).status,
    ).toBe(204);
    expect((await api().get(`/api/reception/${reception.id}/care_contact`, staff.idToken)).body).toEqual({
      contact: null,
    });
    expect(await statusOf(server, staff, id)).toBe("closed");
    expect(
      (await api().request("DELETE", `/api/reception/${reception.id}/care_contact`, { token: staff.idToken })).status,
    ).toBe(404);
  });
});

describe("服薬情報提供書", () => {
  it("names the clinic and doctor from the code, the patient, medicines, answers, findings, branch and pharmacist, escaped", async () => {
    const { id, token } = await sentFollowUp();
    await api().post(`/api/public/follow_up/${token}`, {
      answers: { ...GOOD_ANSWERS, condition: "worse", questions: "<script>alert(1)</script>" },
    });
    await api().request("PATCH", `/api/follow_ups/${id}`, {
      body: { findings: "ふらつきの訴えあり <b>", proposal: "ノルバスクの減量をご検討ください" },
      token: staff.idToken,
    });
    const postal = await api().request("PATCH", "/api/pharmacy", {
      body: { postalCode: "1050004" },
      token: admin.idToken,
    });
    expect(postal.status).toBe(200);
    const report = await api().get(`/api/follow_ups/${id}/report`, staff.idToken);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = report.text;
    for (const text of [
      "服薬情報提供書",
      "日薬クリニック",
      "内科",
      "日薬 一郎",
      "先生",
      "日薬 花子",
      "ﾆﾁﾔｸ ﾀﾛｳ",
      "1960年6月6日　男",
      "ノルバスク錠２．５ｍｇ",
      "１日１回朝食後",
      "悪くなった",
      "ふらつきの訴えあり &lt;b&gt;",
      "ノルバスクの減量をご検討ください",
      "さくら薬局",
      "〒105-0004",
      "薬剤師 太郎",
      "2026年11月20日",
      "@page { size: A4",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;");
  });
});

describe("templates", () => {
  it("ships 一般, 新しく始まったお薬, 吸入薬, 抗凝固薬, 糖尿病; an admin edits them, staff may not; a planned follow-up keeps its questions", async () => {
    const account = await makeAccount(server);
    const person = await makePerson(server, account, "staff");
    const shipped = await api().get("/api/follow_up_templates", person.idToken);
    expect(shipped.body.templates.map((template: { name: string }) => template.name)).toEqual([
      "一般",
      "新しく始まったお薬",
      "吸入薬",
      "抗凝固薬",
      "糖尿病",
    ]);
    const reception = await makeReception(server, account);
    const before = await plan(reception.id, { daysAfter: 3, template: "general", channel: "phone" }, person.idToken);
    const edited = {
      templates: [
        {
          ...shipped.body.templates[0],
          name: "一般（短縮）",
          questions: shipped.body.templates[0].questions.slice(0, 2),
        },
      ],
    };
    expect(
      (await api().request("PUT", "/api/follow_up_templates", { body: edited, token: person.idToken })).body.errorCode,
    ).toBe(ErrorCode.Forbidden);
    const saved = await api().request("PUT", "/api/follow_up_templates", { body: edited, token: account.idToken });
    expect(saved.status).toBe(200);
    expect(saved.body.templates).toHaveLength(1);
    expect((await api().get("/api/follow_up_templates", person.idToken)).body.templates[0].name).toBe("一般（短縮）");
    expect((await api().get(`/api/follow_ups/${before.body.id}`, person.idToken)).body.questions).toHaveLength(6);
    expect(
      (await plan(reception.id, { daysAfter: 3, template: "diabetes", channel: "phone" }, person.idToken)).status,
    ).toBe(400);
    const bad = await api().request("PUT", "/api/follow_up_templates", {
      body: {
        templates: [
          {
            id: "x",
            name: "x",
            questions: [{ key: "q", label: "q", kind: "choice", options: [], alertValues: ["z"] }],
          },
        ],
      },
      token: account.idToken,
    });
    expect(bad.status).toBe(400);
    expect((await api().get("/api/follow_up_templates", other.idToken)).body.templates).toHaveLength(5);
  });
});

describe("roles", () => {
  it("the counter kiosk and the calling display are refused with 1012", async () => {
    const counter = await makeDevice(server, admin, "counter");
    const display = await makeDevice(server, admin, "display");
    for (const device of [counter, display]) {
      for (const path of [
        "/api/follow_ups",
        "/api/follow_ups/today",
        "/api/next_dispensings",
        "/api/follow_up_templates",
      ]) {
        const refused = await api().get(path, device.idToken);
        expect(refused.status, path).toBe(403);
        expect(refused.body.errorCode).toBe(ErrorCode.Forbidden);
      }
    }
  });
});

describe("audit", () => {
  it("records planning, sending, answering, closing and printing without the patient's name, address or answers", async () => {
    const { id, token, email } = await sentFollowUp();
    await api().post(`/api/public/follow_up/${token}`, { answers: { ...GOOD_ANSWERS, questions: "めまいがします" } });
    await api().get(`/api/follow_ups/${id}/report`, staff.idToken);
    await api().request("PATCH", `/api/follow_ups/${id}`, {
      body: { status: "closed", note: "様子見" },
      token: staff.idToken,
    });
    const rows = (await api().get("/api/audit?pageSize=500", admin.idToken)).body.rows as {
      action: string;
      targetId?: string;
      actorType: string;
    }[];
    const mine = rows.filter((row) => row.targetId === id).map((row) => `${row.actorType} ${row.action}`);
    expect(mine.sort()).toEqual(
      [
        "patient follow_up.answered",
        "system follow_up.sent",
        "user follow_up.closed",
        "user follow_up.planned",
        "user follow_up.report_printed",
      ].sort(),
    );
    const all = JSON.stringify(rows);
    for (const secret of [email, "日薬 花子", "めまいがします", "ノルバスク"]) expect(all).not.toContain(secret);
    expect(rows.some((row) => row.action === "care_contact.recorded")).toBe(true);
    expect(rows.some((row) => row.action === "care_contact.deleted")).toBe(true);
    expect(await mailTexts(server, email)).toHaveLength(1);
  });
});

describe("the link", () => {
  it("ends 30 days after it was sent (410 1302)", async () => {
    const { token } = await sentFollowUp();
    await at(server, "2026-12-20T09:59:00", []);
    expect((await api().get(`/api/public/follow_up/${token}`)).status).toBe(200);
    await at(server, "2026-12-20T10:01:00", []);
    const expired = await eventually(
      () => api().get(`/api/public/follow_up/${token}`),
      (response) => response.status !== 200,
    );
    expect(expired.status).toBe(410);
    expect(expired.body.errorCode).toBe(ErrorCode.FollowUpLinkExpired);
    expect((await api().post(`/api/public/follow_up/${token}`, { answers: GOOD_ANSWERS })).status).toBe(410);
  });
});
