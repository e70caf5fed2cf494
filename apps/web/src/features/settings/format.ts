import { formatMonthDate } from "@pharmacy/contract/calendar/date-labels";
import type { RetentionPeriod } from "@pharmacy/contract/retention/retention";

/** When a new start number takes effect: today, or tomorrow once today has its first reception. */
export function startNumberEffectText(receptionStartNumberFrom: string, today: string): string {
  return receptionStartNumberFrom > today
    ? `本日はすでに受付があるため、明日（${formatMonthDate(receptionStartNumberFrom)}）から適用されます`
    : "本日から適用されます";
}

/** 「1095〜3650日で指定できます（法令により3年以上）」: what a retention period may be. */
export function retentionRangeText(period: Pick<RetentionPeriod, "minimumDays" | "maximumDays">): string {
  const range = `${period.minimumDays}〜${period.maximumDays}日で指定できます`;
  return period.minimumDays > 0 ? `${range}（法令により${Math.floor(period.minimumDays / 365)}年以上）` : range;
}
