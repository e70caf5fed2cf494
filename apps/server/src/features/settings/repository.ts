import type { AppSettings, BusinessHours } from "@pharmacy/contract/settings/settings";
import type { FollowUpTemplate } from "@pharmacy/contract/follow-ups/follow-up-templates";
import type { Db } from "../../db/schema.js";

/**
 * The branch's saved settings and its organisation's versions of the shared ones, in one query (the
 * public pages ask on every visit). `pharmacies` is read for the branch's organisation only.
 */
export async function findAppSettings(db: Db, pharmacyId: string) {
  return db
    .selectFrom("pharmacies")
    .leftJoin("app_settings", "app_settings.pharmacy_id", "pharmacies.id")
    .leftJoin("organization_settings", "organization_settings.organization_id", "pharmacies.organization_id")
    .select([
      "app_settings.settings",
      "organization_settings.questions as organizationQuestions",
      "organization_settings.ticket_message as organizationTicketMessage",
    ])
    .where("pharmacies.id", "=", pharmacyId)
    .executeTakeFirst();
}

export async function saveAppSettings(db: Db, pharmacyId: string, settings: AppSettings, at: Date): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto("app_settings")
    .values({ pharmacy_id: pharmacyId, settings: json, updated_at: at })
    .onConflict((oc) => oc.column("pharmacy_id").doUpdateSet({ settings: json, updated_at: at }))
    .execute();
}

/** The organisation's own versions (null: the shipped one; no row: none saved yet). */
export function findOrganizationSettings(db: Db, organizationId: string) {
  return db
    .selectFrom("organization_settings")
    .select(["questions", "ticket_message", "follow_up_templates"])
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** The organisation's follow-up templates, looked up from one of its branches. */
export async function findOrganizationTemplatesOfBranch(
  db: Db,
  pharmacyId: string,
): Promise<FollowUpTemplate[] | null | undefined> {
  const row = await db
    .selectFrom("pharmacies")
    .innerJoin("organization_settings", "organization_settings.organization_id", "pharmacies.organization_id")
    .select("organization_settings.follow_up_templates")
    .where("pharmacies.id", "=", pharmacyId)
    .executeTakeFirst();
  return row?.follow_up_templates;
}

export async function saveOrganizationSettings(
  db: Db,
  organizationId: string,
  settings: { questions: AppSettings["questions"]; ticketMessage: string; followUpTemplates: FollowUpTemplate[] },
  at: Date,
): Promise<void> {
  const values = {
    questions: JSON.stringify(settings.questions),
    ticket_message: settings.ticketMessage,
    follow_up_templates: JSON.stringify(settings.followUpTemplates),
    updated_at: at,
  };
  await db
    .insertInto("organization_settings")
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet(values))
    .execute();
}

export async function findBusinessHours(db: Db, pharmacyId: string): Promise<BusinessHours | undefined> {
  const row = await db
    .selectFrom("business_hours")
    .select("hours")
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
  return row?.hours;
}

/** Several branches' saved hours in one query (the organisation's reports). */
export function findBusinessHoursOf(db: Db, pharmacyIds: readonly string[]) {
  if (pharmacyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("business_hours")
    .select(["pharmacy_id", "hours"])
    .where("pharmacy_id", "in", pharmacyIds)
    .execute();
}

export async function saveBusinessHours(db: Db, pharmacyId: string, hours: BusinessHours, at: Date): Promise<void> {
  const json = JSON.stringify(hours);
  await db
    .insertInto("business_hours")
    .values({ pharmacy_id: pharmacyId, hours: json, updated_at: at })
    .onConflict((oc) => oc.column("pharmacy_id").doUpdateSet({ hours: json, updated_at: at }))
    .execute();
}
