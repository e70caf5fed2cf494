import { formatMonthDate } from "@pharmacy/contract/date-labels";

/** "1000001" → "100-0001" (the field shows 〒 in front). */
export function formatPostalCode(digits: string): string {
  return /^\d{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** When a new start number takes effect: today, or tomorrow once today has its first reception. */
export function startNumberEffectText(receptionStartNumberFrom: string, today: string): string {
  return receptionStartNumberFrom > today
    ? `本日はすでに受付があるため、明日（${formatMonthDate(receptionStartNumberFrom)}）から適用されます`
    : "本日から適用されます";
}
