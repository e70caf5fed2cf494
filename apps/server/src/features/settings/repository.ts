import type { AppSettings, BusinessHours } from "@pharmacy/contract/settings/settings";
import type { Db } from "../../db/schema.js";

export async function findAppSettings(db: Db, pharmacyId: string): Promise<AppSettings | undefined> {
  const row = await db
    .selectFrom("app_settings")
    .select("settings")
    .where("pharmacy_id", "=", pharmacyId)
    .executeTakeFirst();
  return row?.settings;
}

export async function saveAppSettings(db: Db, pharmacyId: string, settings: AppSettings, at: Date): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto("app_settings")
    .values({ pharmacy_id: pharmacyId, settings: json, updated_at: at })
    .onConflict((oc) => oc.column("pharmacy_id").doUpdateSet({ settings: json, updated_at: at }))
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

export async function saveBusinessHours(db: Db, pharmacyId: string, hours: BusinessHours, at: Date): Promise<void> {
  const json = JSON.stringify(hours);
  await db
    .insertInto("business_hours")
    .values({ pharmacy_id: pharmacyId, hours: json, updated_at: at })
    .onConflict((oc) => oc.column("pharmacy_id").doUpdateSet({ hours: json, updated_at: at }))
    .execute();
}
