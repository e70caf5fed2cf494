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

/** Every branch of the organisation (or those of `ids` that are of it), oldest first. */
export function listBranches(db: Db, organizationId: string, ids?: readonly string[]) {
  return db
    .selectFrom("pharmacies")
    .select(["id", "name", "public_slug"])
    .where("organization_id", "=", organizationId)
    .$if(ids !== undefined, (query) => query.where("id", "in", ids!))
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** The organisation a branch belongs to (a branch never moves), or undefined for no branch. */
export async function organizationOfBranch(db: Db, pharmacyId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("pharmacies")
    .select("organization_id")
    .where("id", "=", pharmacyId)
    .executeTakeFirst();
  return row?.organization_id;
}
