import type { Db } from "../../db/schema.js";

export async function insertOrganization(db: Db, id: string, name: string): Promise<void> {
  await db.insertInto("organizations").values({ id, name }).execute();
}

export async function insertOrganizationAdmin(db: Db, organizationId: string, userId: string): Promise<void> {
  await db.insertInto("organization_admins").values({ organization_id: organizationId, user_id: userId }).execute();
}

export function findOrganization(db: Db, id: string) {
  return db.selectFrom("organizations").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

/** Every branch of the organisation, oldest first. */
export function listBranches(db: Db, organizationId: string) {
  return db
    .selectFrom("pharmacies")
    .select(["id", "name", "public_slug"])
    .where("organization_id", "=", organizationId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
