import { formatMonthDate } from "@pharmacy/contract/calendar/date-labels";

/** When a new start number takes effect: today, or tomorrow once today has its first reception. */
export function startNumberEffectText(receptionStartNumberFrom: string, today: string): string {
  return receptionStartNumberFrom > today
    ? `本日はすでに受付があるため、明日（${formatMonthDate(receptionStartNumberFrom)}）から適用されます`
    : "本日から適用されます";
}
