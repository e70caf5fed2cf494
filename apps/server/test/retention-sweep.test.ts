import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "@pharmacy/contract/shared/errors";
import { makeAccount, makePerson, openPublicPage, uniqueEmail } from "./helpers/factories.js";
import type { TestServer } from "./helpers/server.js";
import { sendWebReception, receptionIdOf } from "./helpers/web-reception.js";
import {
  atJst,
  branchOnDayZero,
  eventually,
  handOver,
  onDisk,
  receptionWithPhoto,
  startFilesDirServer,
  sweptDetails,
} from "./helpers/retention.js";

/**
 * docs/rules.md#records-kept-and-deleted across days with the server's ManualClock, each kind of record on
 * its own branch, photos in FILES_DIR. Day 0 is Thursday 2026-11-26; each record is made at 08:30 JST (the
 * day before in UTC), and a twin made on day -1 is due one day earlier: once the sweep has deleted the twin,
 * it has run at that time, and the record of day 0 must still be there.
 */
let server: TestServer;
let closeServer: () => Promise<void>;
beforeAll(async () => {
  ({ server, close: closeServer } = await startFilesDirServer({ RETENTION_SWEEP_SECONDS: "0.05" }));
});
afterAll(() => closeServer());

const db = () => server.database.db;
const reception = (id: string) =>
  db().selectFrom("receptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const branch = () => branchOnDayZero(server);

describe("GET/PUT /api/retention", () => {
  it("lists every kind with its default and minimum, keeps a change, and refuses a period under its minimum or over its maximum", async () => {
    const admin = await branch();
    const read = await server.api.get("/api/retention", admin.idToken);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      kinds: [
        { kind: "handedOverPhotos", days: 90, minimumDays: 0, maximumDays: 3650 },
        { kind: "deletedReceptions", days: 30, minimumDays: 0, maximumDays: 365 },
        { kind: "contacts", days: 14, minimumDays: 0, maximumDays: 14 },
        { kind: "followUps", days: 1095, minimumDays: 1095, maximumDays: 3650 },
        { kind: "auditLog", days: 1825, minimumDays: 1095, maximumDays: 3650 },
      ],
    });
    const put = (kinds: unknown) =>
      server.api.request("PUT", "/api/retention", { body: { kinds }, token: admin.idToken });

    for (const [kind, days, errorCode] of [
      ["followUps", 1094, ErrorCode.RetentionBelowMinimum],
      ["auditLog", 1094, ErrorCode.RetentionBelowMinimum],
      ["contacts", 15, ErrorCode.RetentionAboveMaximum],
      ["deletedReceptions", 366, ErrorCode.RetentionAboveMaximum],
    ] as const) {
      const refused = await put([{ kind, days }]);
      expect([kind, refused.status, refused.body.errorCode]).toEqual([kind, 400, errorCode]);
    }
    for (const bad of [
      [{ kind: "photos", days: 3 }],
      [{ kind: "contacts", days: -1 }],
      [{ kind: "contacts", days: 1.5 }],
      [{ kind: "contacts", days: "3" }],
      [
        { kind: "contacts", days: 3 },
        { kind: "contacts", days: 4 },
      ],
      [],
    ])
      expect((await put(bad)).status).toBe(400);
    expect(
      (await server.api.request("PUT", "/api/retention", { body: { kinds: [], extra: 1 }, token: admin.idToken }))
        .status,
    ).toBe(400);
    expect((await server.api.get("/api/retention", admin.idToken)).body).toEqual(read.body);

    const saved = await put([
      { kind: "handedOverPhotos", days: 30, minimumDays: 0 },
      { kind: "followUps", days: 1825 },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.kinds.map((kind: { days: number }) => kind.days)).toEqual([30, 30, 14, 1825, 1825]);
    const audit = await server.api.get("/api/audit?action=retention.updated", admin.idToken);
    expect(audit.body.rows).toEqual([
      expect.objectContaining({
        action: "retention.updated",
        detail: "お渡し済み受付の写真とコードの読取データ 90日 → 30日、服薬フォローアップとその回答 1095日 → 1825日",
      }),
    ]);
    // another branch keeps its own periods
    const other = await makeAccount(server);
    expect((await server.api.get("/api/retention", other.idToken)).body).toEqual(read.body);
    const staff = await makePerson(server, admin, "staff");
    expect((await server.api.get("/api/retention", staff.idToken)).status).toBe(403);
  });
});

describe("photos and code data of a handed-over reception (90 days)", () => {
  it("are there all of day 90 and gone at 00:01 JST on day 91, on disk and in the database, with the sweep's audit entries", async () => {
    const admin = await branch();
    const pharmacyId = admin.user.pharmacyId;
    await atJst(server, "2026-11-25T08:30:00", [admin]);
    const twin = await receptionWithPhoto(server, admin);
    await handOver(server, admin, twin.id);
    await atJst(server, "2026-11-26T08:30:00", [admin]);
    const kept = await receptionWithPhoto(server, admin);
    await handOver(server, admin, kept.id);
    expect(await onDisk(server, pharmacyId, kept.fileId)).toBe(true);

    // day 90 (2027-02-24), late in the evening: already the 25th in UTC's date of the hand-over + 90
    await atJst(server, "2027-02-24T23:59:00", [admin]);
    await eventually(
      () => onDisk(server, pharmacyId, twin.fileId),
      (there) => !there,
    );
    expect(await onDisk(server, pharmacyId, twin.fileId)).toBe(false);
    expect(await onDisk(server, pharmacyId, kept.fileId)).toBe(true);
    expect((await reception(kept.id)).photos_deleted_at).toBeNull();

    await atJst(server, "2027-02-25T00:01:00", [admin]);
    await eventually(
      () => onDisk(server, pharmacyId, kept.fileId),
      (there) => !there,
    );
    expect(await onDisk(server, pharmacyId, kept.fileId)).toBe(false);
    expect(await db().selectFrom("files").select("id").where("id", "=", kept.fileId).execute()).toEqual([]);
    const prescriptions = await db()
      .selectFrom("prescriptions")
      .select(["file_id", "code_symbols", "code_status", "rx"])
      .where("reception_id", "=", kept.id)
      .execute();
    expect(prescriptions).toEqual([{ file_id: null, code_symbols: null, code_status: null, rx: null }]);
    const read = await server.api.get(`/api/reception/${kept.id}`, admin.idToken);
    expect(read.body.photosDeletedAt).toBe(
      new Date("2027-02-25T00:01:00+09:00").toISOString().replace(/\.\d+Z$/, ".000Z"),
    );
    expect(read.body.patientName).toBe("保存 太郎");
    const details = await eventually(
      () => sweptDetails(server, pharmacyId),
      (entries) => entries.length >= 2,
    );
    expect(details).toEqual([
      "お渡し済み受付の写真とコードの読取データ 1件（保存期間 90日）",
      "お渡し済み受付の写真とコードの読取データ 1件（保存期間 90日）",
    ]);
  });
});

describe("a deleted reception (photos at once, personal fields after 30 days)", () => {
  it("loses its photos at the next sweep, and its name and phone at 00:01 JST on day 31, not on day 30", async () => {
    const admin = await branch();
    const pharmacyId = admin.user.pharmacyId;
    await atJst(server, "2026-11-25T08:30:00", [admin]);
    const twin = await receptionWithPhoto(server, admin);
    expect((await server.api.request("DELETE", `/api/reception/${twin.id}`, { token: admin.idToken })).status).toBe(
      204,
    );
    await atJst(server, "2026-11-26T08:30:00", [admin]);
    const deleted = await receptionWithPhoto(server, admin, { note: "保存メモ" });
    expect(await onDisk(server, pharmacyId, deleted.fileId)).toBe(true);
    expect((await server.api.request("DELETE", `/api/reception/${deleted.id}`, { token: admin.idToken })).status).toBe(
      204,
    );
    await eventually(
      () => onDisk(server, pharmacyId, deleted.fileId),
      (there) => !there,
    );
    expect(await onDisk(server, pharmacyId, deleted.fileId)).toBe(false);
    expect((await reception(deleted.id)).patient_name).toBe("保存 太郎");

    await atJst(server, "2026-12-26T23:59:00", [admin]);
    await eventually(
      async () => (await reception(twin.id)).patient_name,
      (name) => name === null,
    );
    expect((await reception(twin.id)).patient_name).toBeNull();
    expect(await reception(deleted.id)).toMatchObject({ patient_name: "保存 太郎", phone: "09011112222" });

    await atJst(server, "2026-12-27T00:01:00", [admin]);
    await eventually(
      async () => (await reception(deleted.id)).patient_name,
      (name) => name === null,
    );
    expect(await reception(deleted.id)).toMatchObject({
      patient_name: null,
      phone: null,
      note: null,
      answers: {},
      status_token_hash: null,
    });
    const history = await db()
      .selectFrom("reception_audit")
      .select(["before", "after"])
      .where("reception_id", "=", deleted.id)
      .execute();
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((entry) => entry.before === null && entry.after === null)).toBe(true);
    const details = await sweptDetails(server, pharmacyId);
    expect(details.filter((detail) => detail.startsWith("削除・中断した受付の写真"))).toEqual([
      "削除・中断した受付の写真とコードの読取データ 1件（保存期間 0日）",
      "削除・中断した受付の写真とコードの読取データ 1件（保存期間 0日）",
    ]);
    expect(details.filter((detail) => detail.startsWith("削除・中断した受付の氏名"))).toEqual([
      "削除・中断した受付の氏名・電話番号・問診の回答 1件（保存期間 30日）",
      "削除・中断した受付の氏名・電話番号・問診の回答 1件（保存期間 30日）",
    ]);
    expect(details.join("")).not.toContain("保存 太郎");
  });
});

describe("a visitor's contacts (the branch's period after the pickup day)", () => {
  it("with 3 days: the e-mail address is kept all of day 3 and gone at 00:01 JST on day 4", async () => {
    const admin = await branch();
    const slug = await openPublicPage(server, admin);
    expect(
      (
        await server.api.request("PUT", "/api/retention", {
          body: { kinds: [{ kind: "contacts", days: 3 }] },
          token: admin.idToken,
        })
      ).status,
    ).toBe(200);
    const mailOf = (id: string) =>
      db().selectFrom("visitor_mail_addresses").select("email").where("reception_id", "=", id).execute();
    await atJst(server, "2026-11-25T08:30:00", [admin]);
    const twinSent = await sendWebReception(server.api, slug, { email: uniqueEmail("visitor") });
    expect(twinSent.status).toBe(201);
    const twin = await receptionIdOf(server.api, admin.idToken, twinSent.body.receptionNumber, "2026-11-25");
    await atJst(server, "2026-11-26T08:30:00", [admin]);
    const sent = await sendWebReception(server.api, slug, { email: uniqueEmail("visitor") });
    const kept = await receptionIdOf(server.api, admin.idToken, sent.body.receptionNumber, "2026-11-26");
    expect(await mailOf(kept)).toHaveLength(1);

    await atJst(server, "2026-11-29T23:59:00", [admin]);
    await eventually(
      () => mailOf(twin),
      (rows) => rows.length === 0,
    );
    expect(await mailOf(twin)).toEqual([]);
    expect(await mailOf(kept)).toHaveLength(1);

    await atJst(server, "2026-11-30T00:01:00", [admin]);
    await eventually(
      () => mailOf(kept),
      (rows) => rows.length === 0,
    );
    expect(await mailOf(kept)).toEqual([]);
    expect(await sweptDetails(server, admin.user.pharmacyId)).toEqual([
      "お知らせの連絡先（プッシュ通知・メール・LINE） 1件（保存期間 3日）",
      "お知らせの連絡先（プッシュ通知・メール・LINE） 1件（保存期間 3日）",
    ]);
  });
});

describe("follow-ups and their answers (3 years)", () => {
  it("are kept all of day 1095 after their last activity and gone at 00:01 JST on day 1096", async () => {
    const admin = await branch();
    const followUpsOf = (id: string) =>
      db().selectFrom("follow_ups").select("id").where("reception_id", "=", id).execute();
    const planned = async (dueOn: string) => {
      const { id } = await receptionWithPhoto(server, admin);
      await handOver(server, admin, id);
      const plan = await server.api.post(
        `/api/reception/${id}/follow_ups`,
        { dueOn, template: "general", channel: "phone" },
        admin.idToken,
      );
      expect(plan.status).toBe(201);
      return id;
    };
    await atJst(server, "2026-11-25T08:30:00", [admin]);
    const twin = await planned("2026-11-30");
    await atJst(server, "2026-11-26T08:30:00", [admin]);
    const kept = await planned("2026-11-30");

    // 2026-11-26 + 1095 days = 2029-11-25
    await atJst(server, "2029-11-25T23:59:00", [admin]);
    await eventually(
      () => followUpsOf(twin),
      (rows) => rows.length === 0,
    );
    expect(await followUpsOf(twin)).toEqual([]);
    expect(await followUpsOf(kept)).toHaveLength(1);

    await atJst(server, "2029-11-26T00:01:00", [admin]);
    await eventually(
      () => followUpsOf(kept),
      (rows) => rows.length === 0,
    );
    expect(await followUpsOf(kept)).toEqual([]);
    expect((await sweptDetails(server, admin.user.pharmacyId)).filter((d) => d.startsWith("服薬"))).toEqual([
      "服薬フォローアップとその回答 1件（保存期間 1095日）",
      "服薬フォローアップとその回答 1件（保存期間 1095日）",
    ]);
  });
});

describe("the audit log (5 years)", () => {
  it("keeps an entry all of day 1825 and deletes it at 00:01 JST on day 1826", async () => {
    await atJst(server, "2026-11-25T08:30:00", []);
    const admin = await makeAccount(server);
    await atJst(server, "2026-11-26T08:30:00", [admin]);
    expect(
      (await server.api.request("PATCH", "/api/pharmacy", { body: { name: "保存薬局" }, token: admin.idToken })).status,
    ).toBe(200);
    const entries = (action: "pharmacy.updated" | "sign_in") =>
      db()
        .selectFrom("audit_log")
        .select("at")
        .where("pharmacy_id", "=", admin.user.pharmacyId)
        .where("action", "=", action)
        .where("at", "<", new Date("2027-01-01T00:00:00Z"))
        .execute();
    expect(await entries("pharmacy.updated")).toHaveLength(1);

    // 2026-11-26 + 1825 days = 2031-11-25; the sign-ins of day -1 are due a day earlier
    await atJst(server, "2031-11-25T23:59:00", [admin]);
    await eventually(
      async () => (await entries("sign_in")).filter((entry) => entry.at < new Date("2026-11-25T15:00:00Z")),
      (rows) => rows.length === 0,
    );
    expect(await entries("pharmacy.updated")).toHaveLength(1);

    await atJst(server, "2031-11-26T00:01:00", [admin]);
    await eventually(
      () => entries("pharmacy.updated"),
      (rows) => rows.length === 0,
    );
    expect(await entries("pharmacy.updated")).toEqual([]);
    const details = await sweptDetails(server, admin.user.pharmacyId);
    expect(details.filter((detail) => detail.startsWith("操作の記録")).length).toBeGreaterThanOrEqual(2);
    expect(details.every((detail) => /（保存期間 \d+日）$/.test(detail))).toBe(true);
  });
});
