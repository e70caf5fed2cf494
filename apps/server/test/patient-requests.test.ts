import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReceptionExportSchema } from "@pharmacy/contract/retention/export";
import {
  makeAccount,
  makeDevice,
  makePerson,
  openPublicPage,
  uniqueEmail,
  type TestAccount,
} from "./helpers/factories.js";
import type { TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";
import { onDisk, startFilesDirServer } from "./helpers/retention.js";

/**
 * docs/rules.md#records-kept-and-deleted: a patient asks what is held about their reception (one JSON, the
 * printable page's source) and to have their contacts, photos or the whole reception deleted; each is done
 * at once, on disk too (FILES_DIR), and recorded in the audit log.
 */
let server: TestServer;
let closeServer: () => Promise<void>;
let admin: TestAccount;
let staff: TestAccount;
let slug: string;
beforeAll(async () => {
  ({ server, close: closeServer } = await startFilesDirServer());
  admin = await makeAccount(server);
  staff = await makePerson(server, admin, "staff");
  slug = await openPublicPage(server, admin);
});
afterAll(() => closeServer());

const api = () => server.api;
const db = () => server.database.db;

/** A web reception with an e-mail address, a consented care contact and a planned phone follow-up. */
async function heldReception() {
  const email = uniqueEmail("patient");
  const sent = await sendWebReception(api(), slug, { email });
  expect(sent.status).toBe(201);
  const id = await receptionIdOf(api(), staff.idToken, sent.body.receptionNumber, sent.body.receptionDate);
  const careEmail = uniqueEmail("care");
  expect(
    (
      await api().request("PUT", `/api/reception/${id}/care_contact`, {
        body: { email: careEmail, consent: true },
        token: staff.idToken,
      })
    ).status,
  ).toBe(200);
  const plan = await api().post(
    `/api/reception/${id}/follow_ups`,
    { dueOn: sent.body.receptionDate, template: "general", channel: "email" },
    staff.idToken,
  );
  expect(plan.status).toBe(201);
  const reception = (await api().get(`/api/reception/${id}`, staff.idToken)).body;
  return {
    id,
    email,
    careEmail,
    followUpId: plan.body.id as string,
    fileId: reception.prescriptions[0].fileId as string,
  };
}

const auditActions = async (id: string) =>
  (
    await db()
      .selectFrom("audit_log")
      .select(["action", "actor_name", "detail"])
      .where("pharmacy_id", "=", admin.user.pharmacyId)
      .where("target_id", "=", id)
      .orderBy("seq")
      .execute()
  ).map((row) => row.action);

describe("GET /api/reception/{id}/export", () => {
  it("holds the reception, its photos, answers, contacts, follow-ups, history and who opened it, and is itself recorded", async () => {
    const held = await heldReception();
    const exported = await api().get(`/api/reception/${held.id}/export`, staff.idToken);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("cache-control")).toBe("no-store");
    const body = ReceptionExportSchema.parse(exported.body);
    expect(body.pharmacy.name).toBe("さくら薬局");
    expect(body.reception).toMatchObject({ id: held.id, patientName: "ヤマダ タロウ", phone: "09012345678" });
    expect(body.reception.answers).toMatchObject({ prescriptionType: "Paper" });
    expect(body.photos).toEqual([
      expect.objectContaining({ fileId: held.fileId, contentType: "image/jpeg", path: `/api/file/${held.fileId}` }),
    ]);
    expect(body.notices.mailAddress?.email).toBe(held.email);
    expect(body.careContact?.email).toBe(held.careEmail);
    expect(body.followUps).toEqual([expect.objectContaining({ id: held.followUpId, channel: "email" })]);
    expect(body.followUps[0]!.questions.length).toBeGreaterThan(0);
    expect(body.history.map((entry) => entry.action)).toContain("created");
    expect(body.accessLog.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "reception.created",
        "care_contact.recorded",
        "follow_up.planned",
        "patient_data.exported",
      ]),
    );
    expect(await auditActions(held.id)).toContain("patient_data.exported");
  });

  it("answers 404 for another branch's reception and an unknown one, 403 to the counter and the display", async () => {
    const held = await heldReception();
    const other = await makeAccount(server);
    expect((await api().get(`/api/reception/${held.id}/export`, other.idToken)).status).toBe(404);
    expect((await api().get(`/api/reception/${crypto.randomUUID()}/export`, admin.idToken)).status).toBe(404);
    expect((await api().get(`/api/reception/not-an-id/export`, admin.idToken)).status).toBe(400);
    for (const kind of ["counter", "display"] as const) {
      const device = await makeDevice(server, admin, kind);
      expect((await api().get(`/api/reception/${held.id}/export`, device.idToken)).status).toBe(403);
      expect(
        (await api().request("DELETE", `/api/reception/${held.id}/photos`, { token: device.idToken })).status,
      ).toBe(403);
    }
    const otherDelete = await api().request("DELETE", `/api/reception/${held.id}/personal_data`, {
      token: other.idToken,
    });
    expect(otherDelete.status).toBe(404);
    expect((await api().get(`/api/reception/${held.id}`, staff.idToken)).body.patientName).toBe("ヤマダ タロウ");
  });
});

describe("deletion on request", () => {
  it("of the contacts: the visitor's address and the care contact go, the open mail follow-up closes, the rest stays", async () => {
    const held = await heldReception();
    expect((await api().request("DELETE", `/api/reception/${held.id}/contacts`, { token: staff.idToken })).status).toBe(
      204,
    );
    const exported = ReceptionExportSchema.parse(
      (await api().get(`/api/reception/${held.id}/export`, staff.idToken)).body,
    );
    expect(exported.notices.mailAddress).toBeUndefined();
    expect(exported.careContact).toBeNull();
    expect(exported.followUps[0]).toMatchObject({ status: "closed" });
    expect(exported.reception.patientName).toBe("ヤマダ タロウ");
    expect(exported.photos).toHaveLength(1);
    expect(
      await db().selectFrom("visitor_mail_addresses").select("email").where("reception_id", "=", held.id).execute(),
    ).toEqual([]);
    expect(await auditActions(held.id)).toEqual(
      expect.arrayContaining(["care_contact.deleted", "patient_data.contacts_deleted"]),
    );
  });

  it("of the photos: the bytes leave FILES_DIR, the file row and the code data go, the reception says when", async () => {
    const held = await heldReception();
    expect(await onDisk(server, admin.user.pharmacyId, held.fileId)).toBe(true);
    expect((await api().request("DELETE", `/api/reception/${held.id}/photos`, { token: staff.idToken })).status).toBe(
      204,
    );
    expect(await onDisk(server, admin.user.pharmacyId, held.fileId)).toBe(false);
    expect(await db().selectFrom("files").select("id").where("id", "=", held.fileId).execute()).toEqual([]);
    expect((await api().get(`/api/file/${held.fileId}`, staff.idToken)).status).toBe(404);
    const reception = (await api().get(`/api/reception/${held.id}`, staff.idToken)).body;
    expect(reception.photosDeletedAt).toEqual(expect.any(String));
    expect(reception.prescriptions[0].fileId).toBeUndefined();
    expect(reception.patientName).toBe("ヤマダ タロウ");
    expect(await auditActions(held.id)).toContain("patient_data.photos_deleted");
  });

  it("of the whole reception: off the lists, its personal fields, photos and contacts gone at once, its follow-up kept", async () => {
    const held = await heldReception();
    expect(
      (await api().request("DELETE", `/api/reception/${held.id}/personal_data`, { token: admin.idToken })).status,
    ).toBe(204);
    expect((await api().get(`/api/reception/${held.id}`, staff.idToken)).status).toBe(404);
    const row = await db().selectFrom("receptions").selectAll().where("id", "=", held.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ patient_name: null, phone: null, note: null, answers: {}, status_token_hash: null });
    expect(row.deleted_at).not.toBeNull();
    expect(row.personal_data_deleted_at).not.toBeNull();
    expect(await onDisk(server, admin.user.pharmacyId, held.fileId)).toBe(false);
    expect(
      await db().selectFrom("care_contacts").select("email").where("reception_id", "=", held.id).execute(),
    ).toEqual([]);
    expect(await db().selectFrom("follow_ups").select("id").where("id", "=", held.followUpId).execute()).toHaveLength(
      1,
    );
    expect(await auditActions(held.id)).toEqual(
      expect.arrayContaining(["reception.deleted", "patient_data.reception_deleted"]),
    );
    // a second request finds nothing to delete
    expect(
      (await api().request("DELETE", `/api/reception/${held.id}/personal_data`, { token: admin.idToken })).status,
    ).toBe(404);
  });
});
