import { randomInt } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAccount, openPublicPage, uniqueEmail } from "./helpers/factories.js";
import type { TestServer } from "./helpers/server.js";
import { receptionIdOf, sendWebReception } from "./helpers/web-reception.js";
import { atJst, eventually, onDisk, startFilesDirServer } from "./helpers/retention.js";

/**
 * What every column of the database holds, read from the schema itself: a column added without its line
 * here fails the first test, so whoever adds one says whether a patient's data goes there.
 * - `personal`: about a patient; gone (emptied, or its row deleted) with a deleted reception's period;
 * - `kept`: about a patient, kept for a period of its own (docs/rules.md#records-kept-and-deleted);
 * - `none`: no patient's data (ids, times, counts, the branch's and its staff's own records).
 */
type Use = "personal" | "kept" | "none";
const none = (...columns: string[]) => Object.fromEntries(columns.map((column) => [column, "none" as Use]));
const COLUMNS: Record<string, Record<string, Use>> = {
  schema_migrations: none("version", "applied_at"),
  pharmacies: none(
    "id",
    "organization_id",
    "name",
    "postal_code",
    "address",
    "phone",
    "fax",
    "notice",
    "reception_start_number",
    "web_questionnaire_url",
    "public_slug",
    "created_at",
    "updated_at",
    "link_origin",
  ),
  // staff and their sign-ins: the pharmacy's people, not its patients
  users: none(
    "id",
    "email",
    "password_hash",
    "pharmacy_id",
    "confirmed_at",
    "created_at",
    "name",
    "role",
    "invited_at",
    "disabled_at",
    "last_sign_in_at",
    "mfa_pending_secret",
    "mfa_secret",
    "mfa_last_step",
  ),
  verification_codes: none("user_id", "purpose", "code_hash", "expires_at", "failed_attempts", "created_at"),
  refresh_tokens: none("token_hash", "user_id", "expires_at", "revoked_at", "created_at", "session_id", "pharmacy_id"),
  invitations: none("token_hash", "user_id", "expires_at", "created_at", "pharmacy_id"),
  // the organisation and the people's places in its branches: staff, not patients
  organizations: none("id", "name", "created_at"),
  organization_admins: none("organization_id", "user_id", "created_at"),
  memberships: none("user_id", "pharmacy_id", "role", "invited_at", "joined_at", "disabled_at", "created_at"),
  devices: none("id", "pharmacy_id", "kind", "name", "token_hash", "created_at", "last_seen_at", "deleted_at"),
  recovery_codes: none("user_id", "code_hash"),
  mfa_challenges: none("token_hash", "user_id", "expires_at", "failed_attempts"),
  auth_throttle: none("key", "failures", "locked_until", "updated_at"),
  sign_in_addresses: none("user_id", "address", "last_signed_in_at"),
  // a request's address, kept for a minute
  rate_limit_counters: none("key", "hits", "expires_at"),
  public_upload_quota: none("pharmacy_id", "business_date", "files", "bytes"),
  public_send_keys: none("pharmacy_id", "send_key", "reception_id", "created_at"),
  reception_counters: none("pharmacy_id", "business_date", "last_number"),
  app_settings: none("pharmacy_id", "settings", "updated_at"),
  business_hours: none("pharmacy_id", "hours", "updated_at"),
  follow_up_templates: none("pharmacy_id", "templates", "updated_at"),
  organization_settings: none("organization_id", "questions", "ticket_message", "follow_up_templates", "updated_at"),
  // a visitor's mail refused: the branch and the time, never to whom
  mail_failures: none("id", "pharmacy_id", "failed_at"),
  retention_periods: none("pharmacy_id", "kind", "days", "updated_at"),
  // the audit log names staff and ids, never a patient's data (tested where each action is)
  audit_log: none(
    "id",
    "seq",
    "pharmacy_id",
    "at",
    "actor_type",
    "actor_id",
    "actor_name",
    "action",
    "target_type",
    "target_id",
    "detail",
  ),
  receptions: {
    // the language its notices are written in, when photos were consented to, and the random id a
    // household's receptions share (docs/rules.md#family): no one is named by them
    ...none("patient_language", "photo_consent_at", "household_id"),
    ...none(
      "id",
      "pharmacy_id",
      "business_date",
      "reception_number",
      "partition_number",
      "channel",
      "status",
      "created_at",
      "updated_at",
      "deleted_at",
      "confirmed_at",
      "device_id",
      "completed_at",
      "called_at",
      "handed_over_at",
      "photos_deleted_at",
      "personal_data_deleted_at",
    ),
    answers: "personal",
    patient_name: "personal",
    phone: "personal",
    note: "personal",
    status_token: "personal",
    status_token_hash: "personal",
    status_token_sealed: "personal",
  },
  files: {
    ...none("id", "pharmacy_id", "content_type", "byte_size", "created_at", "on_disk", "has_thumbnail", "in_bucket"),
    ...none("uploaded_by_device_id"),
    data: "personal",
    thumbnail: "personal",
    code_symbols: "personal",
  },
  prescriptions: {
    ...none("id", "pharmacy_id", "reception_id", "source_type", "file_id", "created_at", "code_status"),
    exchange_number: "personal",
    code_symbols: "personal",
    rx: "personal",
    medication_record: "personal",
    prescription_copy: "personal",
  },
  reception_audit: {
    ...none("id", "seq", "pharmacy_id", "reception_id", "action", "actor", "at"),
    before: "personal",
    after: "personal",
  },
  photo_requests: {
    ...none("id", "pharmacy_id", "reception_id", "reason", "requested_by", "requested_at", "answered_at"),
    message: "personal",
  },
  push_subscriptions: {
    ...none("id", "pharmacy_id", "reception_id", "expires_at", "created_at"),
    endpoint: "personal",
    p256dh: "personal",
    auth: "personal",
  },
  visitor_mail_addresses: {
    ...none("reception_id", "pharmacy_id", "link_base", "expires_at", "created_at"),
    email: "personal",
  },
  care_contacts: {
    ...none("reception_id", "pharmacy_id", "source", "consented_at"),
    email: "personal",
    phone: "personal",
  },
  care_push_subscriptions: {
    ...none("id", "reception_id"),
    endpoint: "personal",
    p256dh: "personal",
    auth: "personal",
  },
  // the pharmacist's record of a follow-up: kept 3 years at least (the 薬歴's period), then swept
  follow_ups: {
    ...none("id", "pharmacy_id", "reception_id", "due_on", "template_id", "template_name", "questions", "channel"),
    ...none("status", "token_hash", "created_by", "created_by_name", "created_at", "sent_at", "answered_at"),
    ...none("closed_at", "closed_by", "closed_by_name"),
    answers: "kept",
    note: "kept",
    findings: "kept",
    proposal: "kept",
  },
  refill_reminders: none(
    "prescription_id",
    "reception_id",
    "pharmacy_id",
    "window_from",
    "window_to",
    "remind_on",
    "sent_at",
    "closed_at",
  ),
  line_channels: none(
    "pharmacy_id",
    "channel_secret",
    "access_token",
    "basic_id",
    "bot_user_id",
    "display_name",
    "monthly_limit",
    "updated_at",
  ),
  line_link_codes: none("code_hash", "pharmacy_id", "reception_id", "link_base", "expires_at", "created_at"),
  line_links: {
    ...none("reception_id", "pharmacy_id", "link_base", "kept_for_care", "expires_at", "created_at"),
    line_user_id: "personal",
  },
  line_webhook_events: none("pharmacy_id", "webhook_event_id", "received_at"),
  // a LINE message names the branch and a link, never the patient; the LINE feature deletes it once settled
  line_outbox: {
    ...none("id", "seq", "pharmacy_id", "state", "attempts", "next_attempt_at", "lease_until", "created_at"),
    ...none("sent_at", "counted_month", "text", "reception_id"),
    line_user_id: "kept",
  },
  line_monthly_counts: none("pharmacy_id", "month", "sent"),
};

let server: TestServer;
let closeServer: () => Promise<void>;
beforeAll(async () => {
  ({ server, close: closeServer } = await startFilesDirServer({ RETENTION_SWEEP_SECONDS: "0.05" }));
});
afterAll(() => closeServer());

async function schemaColumns(): Promise<{ table: string; column: string; type: string }[]> {
  const result = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema() order by table_name, ordinal_position`.execute(server.database.db);
  return result.rows.map((row) => ({ table: row.table_name, column: row.column_name, type: row.data_type }));
}

describe("every column of the schema", () => {
  it("is classified: about a patient (deleted with the reception), kept for its own period, or not", async () => {
    const unclassified = (await schemaColumns())
      .filter(({ table, column }) => COLUMNS[table]?.[column] === undefined)
      .map(({ table, column }) => `${table}.${column}`);
    expect(unclassified).toEqual([]);
  });
});

describe("a deleted reception's period over", () => {
  it("leaves none of its patient's data in any table but the follow-up's own record", async () => {
    const marker = `消去${randomInt(1e9)}`;
    const phone = `090${String(randomInt(1e8)).padStart(8, "0")}`;
    const email = uniqueEmail(`erased${randomInt(1e6)}`);
    const careEmail = uniqueEmail(`care${randomInt(1e6)}`);
    await atJst(server, "2026-11-26T08:30:00", []);
    const admin = await makeAccount(server);
    const slug = await openPublicPage(server, admin);
    const sent = await sendWebReception(server.api, slug, { email });
    expect(sent.status).toBe(201);
    const id = await receptionIdOf(server.api, admin.idToken, sent.body.receptionNumber, "2026-11-26");
    const token = admin.idToken;
    const patch = await server.api.request("PATCH", `/api/reception/${id}`, {
      body: { id, patientName: marker, phone, note: `${marker}メモ` },
      token,
    });
    expect(patch.status, patch.text).toBe(200);
    expect(
      (
        await server.api.post(
          `/api/reception/${id}/photo_request`,
          { reason: "Other", message: `${marker}依頼` },
          token,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await server.api.request("PUT", `/api/reception/${id}/care_contact`, {
          body: { email: careEmail, phone, consent: true },
          token,
        })
      ).status,
    ).toBe(200);
    const plan = await server.api.post(
      `/api/reception/${id}/follow_ups`,
      { dueOn: "2026-11-30", template: "general", channel: "phone" },
      token,
    );
    expect(plan.status).toBe(201);
    const findings = `${marker}所見`;
    expect(
      (await server.api.request("PATCH", `/api/follow_ups/${plan.body.id}`, { body: { findings }, token })).status,
    ).toBe(200);
    const fileId = (await server.api.get(`/api/reception/${id}`, token)).body.prescriptions[0].fileId as string;
    expect(await onDisk(server, admin.user.pharmacyId, fileId)).toBe(true);
    expect((await server.api.request("DELETE", `/api/reception/${id}`, { token })).status).toBe(204);

    const values = [marker, phone, email, careEmail];
    const found = async () => {
      const places: string[] = [];
      const columns = await schemaColumns();
      for (const table of [...new Set(columns.map((entry) => entry.table))]) {
        const searched = columns.filter(
          (entry) => entry.table === table && COLUMNS[table]?.[entry.column] !== "kept" && entry.type !== "bytea",
        );
        for (const { column } of searched) {
          const hits = await sql<{ count: string | number }>`
            select count(*) as count from ${sql.table(table)}
            where ${sql.ref(column)}::text like any (${values.map((value) => `%${value}%`)})`.execute(
            server.database.db,
          );
          if (Number(hits.rows[0]!.count) > 0) places.push(`${table}.${column}`);
        }
      }
      return places;
    };
    const before = await found();
    expect(before).toEqual(
      expect.arrayContaining([
        "receptions.patient_name",
        "receptions.phone",
        "receptions.note",
        "reception_audit.after",
        "photo_requests.message",
        "care_contacts.email",
      ]),
    );

    await atJst(server, "2026-12-27T00:01:00", [admin]);
    await eventually(
      async () =>
        (
          await server.database.db
            .selectFrom("receptions")
            .select("personal_data_deleted_at")
            .where("id", "=", id)
            .executeTakeFirstOrThrow()
        ).personal_data_deleted_at,
      (at) => at !== null,
    );
    expect(await found()).toEqual([]);
    expect(await onDisk(server, admin.user.pharmacyId, fileId)).toBe(false);
    const followUp = await server.database.db
      .selectFrom("follow_ups")
      .select(["findings"])
      .where("id", "=", plan.body.id)
      .executeTakeFirstOrThrow();
    expect(followUp.findings).toBe(findings);
  });
});
