import { API_DATE_PATTERN } from "@pharmacy/contract/formats";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDate(value: string): boolean {
  if (!API_DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/**
 * The day the list shows for `?date=`: none, today or a real past day is shown as asked; anything
 * else falls back to today with a plain word on why (the brief makes `date` an optional string).
 */
export function listDateOf(raw: string | undefined, today: string): { date: string; notice?: string } {
  if (raw === undefined || raw === today) return { date: today };
  if (!isCalendarDate(raw))
    return { date: today, notice: "指定された日付が正しくないため、本日の受付を表示しています。" };
  if (raw > today) return { date: today, notice: "先の日付の受付はまだないため、本日の受付を表示しています。" };
  return { date: raw };
}

/** Whether `?receptionId=` can name a reception at all (ids are UUIDs): anything else is not looked up. */
export function isReceptionId(raw: string | undefined): raw is string {
  return raw !== undefined && UUID.test(raw);
}
