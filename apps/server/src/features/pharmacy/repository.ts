import type { Updateable } from "kysely";
import type { Db, PharmacyTable } from "../../db/schema.js";
import { newPublicSlug } from "./public-slug.js";

export async function insertPharmacy(db: Db, id: string): Promise<void> {
  await db.insertInto("pharmacies").values({ id, public_slug: newPublicSlug() }).execute();
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
