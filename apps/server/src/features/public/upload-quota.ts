import { type Kysely, sql } from "kysely";
import { businessClockOf } from "@pharmacy/contract/business-calendar";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { InvalidInputError } from "../../lib/errors.js";

export const UPLOAD_QUOTA_FULL_MESSAGE =
  "本日はWeb受付で写真をこれ以上お預かりできません。お手数ですが、処方箋は薬局の窓口でお渡しください。";

export interface UploadQuotaLimits {
  files: number;
  bytes: number;
}

export function uploadQuotaFull(): InvalidInputError {
  return new InvalidInputError([{ path: ["file"], message: UPLOAD_QUOTA_FULL_MESSAGE, code: "quota_exceeded" }]);
}

/**
 * How many photos, and how many bytes of them, a branch takes from its public page per business day:
 * a stranger cannot fill the database. What is left is read before an upload to cap how much of it is
 * read; taking from it is one statement inside the creating transaction, so concurrent sends cannot
 * together pass the limit, and a failed send gives its share back.
 */
export class PublicUploadQuota {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly limits: UploadQuotaLimits,
  ) {}

  async remaining(pharmacyId: string): Promise<UploadQuotaLimits> {
    const used = await this.db
      .selectFrom("public_upload_quota")
      .select(["files", "bytes"])
      .where("pharmacy_id", "=", pharmacyId)
      .where("business_date", "=", this.today())
      .executeTakeFirst();
    return {
      files: Math.max(0, this.limits.files - (used?.files ?? 0)),
      bytes: Math.max(0, this.limits.bytes - Number(used?.bytes ?? 0)),
    };
  }

  async take(trx: Kysely<Database>, pharmacyId: string, photos: Uint8Array[]): Promise<void> {
    if (photos.length === 0) return;
    const bytes = photos.reduce((sum, photo) => sum + photo.byteLength, 0);
    if (photos.length > this.limits.files || bytes > this.limits.bytes) throw uploadQuotaFull();
    const taken = await sql<{ files: number }>`
      insert into public_upload_quota as q (pharmacy_id, business_date, files, bytes)
      values (${pharmacyId}, ${this.today()}, ${photos.length}, ${bytes})
      on conflict (pharmacy_id, business_date) do update
        set files = q.files + excluded.files, bytes = q.bytes + excluded.bytes
        where q.files + excluded.files <= ${this.limits.files}::int and q.bytes + excluded.bytes <= ${this.limits.bytes}::bigint
      returning files`.execute(trx);
    if (taken.rows.length === 0) throw uploadQuotaFull();
  }

  private today(): string {
    return businessClockOf(this.clock.now()).date;
  }
}
