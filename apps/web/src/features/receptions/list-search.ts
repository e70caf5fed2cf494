import { isCalendarDate } from "@pharmacy/contract/calendar/business-calendar";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The day the list shows for `?date=`: none, today or a real past day is shown as asked; anything
 * else falls back to today with a plain word on why (`date` is an optional string, docs/rules.md#the-staff-apps-basics).
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
