import { businessClockOf } from "@pharmacy/contract/calendar/business-calendar";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { InvalidInputError } from "../../lib/errors.js";
import { findUsedQuota, takeQuota } from "./repository.js";

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
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: UploadQuotaLimits,
  ) {}

  async remaining(pharmacyId: string): Promise<UploadQuotaLimits> {
    const used = await findUsedQuota(this.db, pharmacyId, this.today());
    return {
      files: Math.max(0, this.limits.files - (used?.files ?? 0)),
      bytes: Math.max(0, this.limits.bytes - Number(used?.bytes ?? 0)),
    };
  }

  async take(trx: Db, pharmacyId: string, photos: Uint8Array[]): Promise<void> {
    if (photos.length === 0) return;
    const bytes = photos.reduce((sum, photo) => sum + photo.byteLength, 0);
    if (photos.length > this.limits.files || bytes > this.limits.bytes) throw uploadQuotaFull();
    if (!(await takeQuota(trx, pharmacyId, this.today(), { files: photos.length, bytes }, this.limits)))
      throw uploadQuotaFull();
  }

  private today(): string {
    return businessClockOf(this.clock.now()).date;
  }
}
