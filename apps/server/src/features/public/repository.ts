import { sql } from "kysely";
import type { Db } from "../../db/schema.js";

interface QuotaAmount {
  files: number;
  bytes: number;
}

export function findUsedQuota(db: Db, pharmacyId: string, businessDate: string) {
  return db
    .selectFrom("public_upload_quota")
    .select(["files", "bytes"])
    .where("pharmacy_id", "=", pharmacyId)
    .where("business_date", "=", businessDate)
    .executeTakeFirst();
}

/** Adds `taken` to the day's use in one statement, unless that passes `limits`; false when it would. */
export async function takeQuota(
  db: Db,
  pharmacyId: string,
  businessDate: string,
  taken: QuotaAmount,
  limits: QuotaAmount,
): Promise<boolean> {
  const result = await sql<{ files: number }>`
      insert into public_upload_quota as q (pharmacy_id, business_date, files, bytes)
      values (${pharmacyId}, ${businessDate}, ${taken.files}, ${taken.bytes})
      on conflict (pharmacy_id, business_date) do update
        set files = q.files + excluded.files, bytes = q.bytes + excluded.bytes
        where q.files + excluded.files <= ${limits.files}::int and q.bytes + excluded.bytes <= ${limits.bytes}::bigint
      returning files`.execute(db);
  return result.rows.length > 0;
}
