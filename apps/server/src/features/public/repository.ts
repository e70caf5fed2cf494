import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

export function findReceptionByStatusToken(db: Kysely<Database>, statusToken: string) {
  return db
    .selectFrom("receptions")
    .innerJoin("pharmacies", "pharmacies.id", "receptions.pharmacy_id")
    .select([
      "pharmacies.name as pharmacy_name",
      "receptions.reception_number",
      "receptions.partition_number",
      "receptions.business_date",
      "receptions.status",
      "receptions.created_at",
    ])
    .where("receptions.status_token", "=", statusToken)
    .where("receptions.deleted_at", "is", null)
    .executeTakeFirst();
}
