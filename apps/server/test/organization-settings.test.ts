import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { SHIPPED_FOLLOW_UP_TEMPLATES } from "@pharmacy/contract/follow-ups/follow-up-templates";
import {
  DEFAULT_APP_SETTINGS,
  DEFAULT_QUESTIONS,
  DEFAULT_TICKET_MESSAGE,
  enabledQuestions,
  type AppSettings,
} from "@pharmacy/contract/settings/settings";
import type { OrganizationSettings } from "@pharmacy/contract/organization/organization-settings";
import {
  makeAccount,
  makeDevice,
  makePerson,
  makeReception,
  openPublicPage,
  type TestAccount,
} from "./helpers/factories.js";
import { addBranch } from "./helpers/organizations.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
/** The organisation's admin, on its first branch (which has saved nothing of its own). */
let owner: TestAccount;
/** The admin of a second branch, added before the organisation set anything. */
let stationAdmin: TestAccount;
let otherOrgAdmin: TestAccount;

const call = (who: TestAccount, method: string, path: string, body?: unknown) =>
  server.api.request(method, path, { body, token: who.idToken });

/** The organisation's questions: no 後発医薬品 question at the counter, the web's order reversed. */
const ORGANIZATION: OrganizationSettings = {
  questions: {
    reception: DEFAULT_QUESTIONS.reception.map((q) => (q.key === "genericDrug" ? { ...q, enabled: false } : q)),
    reserved: DEFAULT_QUESTIONS.reserved.map((q, index, all) => ({ ...q, order: all.length - index })),
  },
  ticketMessage: "本部からのお知らせ：お薬手帳をお持ちください。",
  followUpTemplates: [{ ...SHIPPED_FOLLOW_UP_TEMPLATES[0]!, id: "chain-general", name: "本部の一般" }],
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await makeAccount(server);
  stationAdmin = (await addBranch(server, owner, "さくら薬局 駅前店")).admin;
  otherOrgAdmin = await makeAccount(server);
}, 600_000);
afterAll(() => server.close());

describe("the organisation's questions, ticket message and follow-up templates", () => {
  it("are the shipped ones until the organisation's admin saves its own", async () => {
    const shipped = await call(owner, "GET", "/api/organization/settings");
    expect(shipped.status).toBe(200);
    expect(shipped.body).toEqual({
      questions: DEFAULT_QUESTIONS,
      ticketMessage: DEFAULT_TICKET_MESSAGE,
      followUpTemplates: SHIPPED_FOLLOW_UP_TEMPLATES,
    });
    expect((await call(stationAdmin, "GET", "/api/app_settings")).body).toEqual(DEFAULT_APP_SETTINGS);
  });

  it("once saved, every branch without its own uses them: settings, public page, kiosk, ticket, follow-ups", async () => {
    const saved = await call(owner, "PUT", "/api/organization/settings", ORGANIZATION);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(ORGANIZATION);
    expect((await call(owner, "GET", "/api/organization/settings")).body).toEqual(ORGANIZATION);

    // a branch added before and one added after alike: "a new store is set up from the organisation's templates"
    const late = await addBranch(server, owner, "さくら薬局 新店");
    for (const admin of [owner, stationAdmin, late.admin]) {
      const settings = (await call(admin, "GET", "/api/app_settings")).body as AppSettings;
      expect(settings).toMatchObject({
        questions: ORGANIZATION.questions,
        ticketMessage: ORGANIZATION.ticketMessage,
        ownQuestions: false,
        ownTicketMessage: false,
      });
      const templates = await call(admin, "GET", "/api/follow_up_templates");
      expect(templates.body).toEqual({ templates: ORGANIZATION.followUpTemplates, own: false });
      const reception = await makeReception(server, admin);
      expect((await call(admin, "GET", `/api/reception/${reception.id}/preview`)).text).toContain(
        ORGANIZATION.ticketMessage,
      );
      const planned = await call(admin, "POST", `/api/reception/${reception.id}/follow_ups`, {
        daysAfter: 3,
        template: "chain-general",
        channel: "phone",
      });
      expect(planned.status).toBe(201);
    }
    const kiosk = await makeDevice(server, stationAdmin, "counter");
    expect((await server.api.get("/api/app_settings", kiosk.idToken)).body.questions).toEqual(ORGANIZATION.questions);
    const slug = await openPublicPage(server, stationAdmin);
    const page = await server.api.get(`/api/public/pharmacy/${slug}`);
    expect(page.body.questions).toEqual(enabledQuestions(ORGANIZATION.questions.reserved));
    // another organisation keeps the shipped ones
    expect((await call(otherOrgAdmin, "GET", "/api/app_settings")).body).toEqual(DEFAULT_APP_SETTINGS);
    expect((await call(otherOrgAdmin, "GET", "/api/organization/settings")).body.ticketMessage).toBe(
      DEFAULT_TICKET_MESSAGE,
    );
  });

  it("a branch may keep its own of each, is left alone by the organisation's changes, and may return", async () => {
    const current = (await call(stationAdmin, "GET", "/api/app_settings")).body as AppSettings;
    const ownQuestions = {
      ...current,
      ownQuestions: true,
      questions: {
        ...current.questions,
        reception: current.questions.reception.map((q) =>
          q.key === "leftoverMedicine" ? { ...q, enabled: false } : q,
        ),
      },
    };
    expect((await call(stationAdmin, "PUT", "/api/app_settings", ownQuestions)).body).toMatchObject({
      ownQuestions: true,
      ownTicketMessage: false,
      questions: ownQuestions.questions,
      ticketMessage: ORGANIZATION.ticketMessage,
    });
    const ownTemplates = [{ ...SHIPPED_FOLLOW_UP_TEMPLATES[1]!, id: "station", name: "駅前店の" }];
    const savedTemplates = await call(stationAdmin, "PUT", "/api/follow_up_templates", { templates: ownTemplates });
    expect(savedTemplates.body).toEqual({ templates: ownTemplates, own: true });

    const changed = { ...ORGANIZATION, ticketMessage: "本部の新しいメッセージ", questions: DEFAULT_QUESTIONS };
    expect((await call(owner, "PUT", "/api/organization/settings", changed)).status).toBe(200);
    const station = (await call(stationAdmin, "GET", "/api/app_settings")).body as AppSettings;
    expect(station.questions).toEqual(ownQuestions.questions);
    expect(station.ticketMessage).toBe("本部の新しいメッセージ");
    expect((await call(stationAdmin, "GET", "/api/follow_up_templates")).body.templates).toEqual(ownTemplates);
    // the first branch follows the organisation
    expect((await call(owner, "GET", "/api/app_settings")).body.questions).toEqual(DEFAULT_QUESTIONS);

    // back to the organisation's
    const back = await call(stationAdmin, "PUT", "/api/app_settings", { ...station, ownQuestions: false });
    expect(back.body.questions).toEqual(DEFAULT_QUESTIONS);
    const templatesBack = await call(stationAdmin, "DELETE", "/api/follow_up_templates");
    expect(templatesBack.status).toBe(200);
    expect(templatesBack.body).toEqual({ templates: ORGANIZATION.followUpTemplates, own: false });
    expect((await call(stationAdmin, "DELETE", "/api/follow_up_templates")).status).toBe(200);
  });

  it("settings a branch saved before organisations had any stay the branch's own", async () => {
    const older = await makeAccount(server);
    // as a server of before wrote them: no ownQuestions, no ownTicketMessage
    const {
      ownQuestions: _q,
      ownTicketMessage: _m,
      ...before
    } = {
      ...DEFAULT_APP_SETTINGS,
      ticketMessage: "昔のメッセージ",
    };
    await server.database.db
      .insertInto("app_settings")
      .values({ pharmacy_id: older.user.pharmacyId, settings: JSON.stringify(before), updated_at: new Date() })
      .execute();
    const organization = (await call(older, "PUT", "/api/organization/settings", ORGANIZATION)).body;
    expect(organization.ticketMessage).toBe(ORGANIZATION.ticketMessage);
    expect((await call(older, "GET", "/api/app_settings")).body).toMatchObject({
      ticketMessage: "昔のメッセージ",
      questions: DEFAULT_QUESTIONS,
      ownQuestions: true,
      ownTicketMessage: true,
    });
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const before = (await call(owner, "GET", "/api/organization/settings")).body;
    const withoutReturnDate = {
      ...ORGANIZATION,
      questions: {
        ...ORGANIZATION.questions,
        reserved: ORGANIZATION.questions.reserved.map((q) => (q.key === "returnDate" ? { ...q, enabled: false } : q)),
      },
    };
    const refused = await call(owner, "PUT", "/api/organization/settings", withoutReturnDate);
    expect(refused.status).toBe(400);
    // a branch may offer 後で取りに来る: the organisation's questions must ask its day
    expect(refused.text).toContain("「来局予定日」はWeb受付に欠かせない質問のため");
    for (const body of [
      {},
      { ...ORGANIZATION, ticketMessage: " " },
      { ...ORGANIZATION, ticketMessage: "あ".repeat(201) },
      { ...ORGANIZATION, followUpTemplates: [] },
      { ...ORGANIZATION, followUpTemplates: [{ id: "x", name: "x", questions: [] }] },
      { ...ORGANIZATION, extra: true },
      { questions: ORGANIZATION.questions, ticketMessage: ORGANIZATION.ticketMessage },
      "not json",
    ]) {
      const response = await call(owner, "PUT", "/api/organization/settings", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(owner, "GET", "/api/organization/settings")).body).toEqual(before);
  });

  it("only the organisation's admin reads or changes them, and it is recorded", async () => {
    const branchAdmin = await makePerson(server, owner, "admin");
    for (const method of ["GET", "PUT"]) {
      const refused = await call(
        branchAdmin,
        method,
        "/api/organization/settings",
        method === "PUT" ? ORGANIZATION : undefined,
      );
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe(ErrorCode.Forbidden);
    }
    // another organisation's admin changes their own organisation's, never ours
    const ours = (await call(owner, "GET", "/api/organization/settings")).body;
    const theirs = { ...ORGANIZATION, ticketMessage: "よその法人" };
    expect((await call(otherOrgAdmin, "PUT", "/api/organization/settings", theirs)).status).toBe(200);
    expect((await call(owner, "GET", "/api/organization/settings")).body).toEqual(ours);
    expect((await call(stationAdmin, "GET", "/api/app_settings")).body.ticketMessage).not.toBe("よその法人");

    const log = await call(owner, "GET", "/api/audit?action=organization_settings.updated");
    expect(log.status).toBe(200);
    expect(log.body.rows.length).toBeGreaterThan(0);
    expect(log.body.rows[0]).toMatchObject({ action: "organization_settings.updated", targetType: "organization" });
  });

  it("ten saves at once leave one whole version, on either database", async () => {
    const versions = Array.from({ length: 10 }, (_, index) => ({ ...ORGANIZATION, ticketMessage: `版 ${index}` }));
    const answers = await Promise.all(versions.map((body) => call(owner, "PUT", "/api/organization/settings", body)));
    expect(answers.map((answer) => answer.status)).toEqual(versions.map(() => 200));
    const rows = await server.database.db
      .selectFrom("organization_settings")
      .selectAll()
      .where("organization_id", "=", (await call(owner, "GET", "/api/organization")).body.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(versions.map((version) => version.ticketMessage)).toContain(rows[0]!.ticket_message);
  });
});
