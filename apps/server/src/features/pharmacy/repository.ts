import type { Updateable } from "kysely";
import type { Db, PharmacyTable } from "../../db/schema.js";
import { newPublicSlug } from "./public-slug.js";

export async function insertPharmacy(
  db: Db,
  branch: { id: string; organizationId: string; name: string },
): Promise<void> {
  await db
    .insertInto("pharmacies")
    .values({ id: branch.id, organization_id: branch.organizationId, name: branch.name, public_slug: newPublicSlug() })
    .execute();
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

export async function findLinkOrigin(db: Db, pharmacyId: string): Promise<string | undefined> {
  const row = await db.selectFrom("pharmacies").select("link_origin").where("id", "=", pharmacyId).executeTakeFirst();
  return row?.link_origin ?? undefined;
}

/** Sets the branch's link origin if it is still `stored` (none when undefined); false when another process changed it first. */
export async function replaceLinkOrigin(
  db: Db,
  pharmacyId: string,
  stored: string | undefined,
  origin: string,
): Promise<boolean> {
  const updated = await db
    .updateTable("pharmacies")
    .set({ link_origin: origin })
    .where("id", "=", pharmacyId)
    .where((eb) => (stored === undefined ? eb("link_origin", "is", null) : eb("link_origin", "=", stored)))
    .returning("link_origin")
    .executeTakeFirst();
  return updated !== undefined;
}
