import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { newPublicSlug } from "../auth/secrets.js";

export async function insertPharmacy(db: Kysely<Database>, id: string, name = ""): Promise<void> {
  await db.insertInto("pharmacies").values({ id, name, public_slug: newPublicSlug() }).execute();
}

export async function findPharmacyName(db: Kysely<Database>, pharmacyId: string): Promise<string | undefined> {
  const row = await db.selectFrom("pharmacies").select("name").where("id", "=", pharmacyId).executeTakeFirst();
  return row?.name;
}
