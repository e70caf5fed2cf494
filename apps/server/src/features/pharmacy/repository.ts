import type { Kysely, Updateable } from "kysely";
import type { Database, PharmacyTable } from "../../db/schema.js";
import { newPublicSlug } from "../auth/secrets.js";

type Db = Kysely<Database>;

export async function insertPharmacy(db: Db, id: string, name = ""): Promise<void> {
  await db.insertInto("pharmacies").values({ id, name, public_slug: newPublicSlug() }).execute();
}

export async function findPharmacyName(db: Db, pharmacyId: string): Promise<string | undefined> {
  const row = await db.selectFrom("pharmacies").select("name").where("id", "=", pharmacyId).executeTakeFirst();
  return row?.name;
}

export function findPharmacy(db: Db, pharmacyId: string) {
  return db.selectFrom("pharmacies").selectAll().where("id", "=", pharmacyId).executeTakeFirst();
}

export function findPharmacyBySlug(db: Db, publicSlug: string) {
  return db.selectFrom("pharmacies").selectAll().where("public_slug", "=", publicSlug).executeTakeFirst();
}

export async function updatePharmacy(
  db: Db,
  pharmacyId: string,
  changes: Omit<Updateable<PharmacyTable>, "id" | "created_at"> & { updated_at: Date },
): Promise<void> {
  await db.updateTable("pharmacies").set(changes).where("id", "=", pharmacyId).execute();
}

/** Whether numbering of that business day has begun (a number was handed out, even if since deleted). */
export async function hasNumberingStarted(db: Db, pharmacyId: string, businessDate: string): Promise<boolean> {
  const row = await db
    .selectFrom("reception_counters")
    .select("last_number")
    .where("pharmacy_id", "=", pharmacyId)
    .where("business_date", "=", businessDate)
    .executeTakeFirst();
  return row !== undefined;
}
