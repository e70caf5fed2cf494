import type { Period } from "@pharmacy/contract/settings";
import { weekdayOf } from "@pharmacy/contract/business-calendar";

/**
 * Business days and periods as Japanese readers see them; the arithmetic behind them (today at the
 * pharmacy, open days, periods) is the contract's `business-calendar.ts`.
 */

/** Monday first, as Japanese calendars at a pharmacy counter are read; 0 is Sunday (contract). */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export const WEEKDAY_NAMES: Record<number, string> = {
  0: "日曜日",
  1: "月曜日",
  2: "火曜日",
  3: "水曜日",
  4: "木曜日",
  5: "金曜日",
  6: "土曜日",
};

export const WEEKDAY_SHORT_NAMES: Record<number, string> = {
  0: "日",
  1: "月",
  2: "火",
  3: "水",
  4: "木",
  5: "金",
  6: "土",
};

function parts(date: string): [number, number, number] {
  return date.split("-").map(Number) as [number, number, number];
}

/** "5月3日"; with `today`, a date in another year carries it: "2027年1月3日". */
export function formatMonthDate(date: string, today?: string): string {
  const [year, month, day] = parts(date);
  return `${today && today.slice(0, 4) !== date.slice(0, 4) ? `${year}年` : ""}${month}月${day}日`;
}

/** "5月3日（土）"; with `today`, a date in another year carries it: "2027年1月3日（日）". */
export function formatMonthDay(date: string, today?: string): string {
  return `${formatMonthDate(date, today)}（${WEEKDAY_SHORT_NAMES[weekdayOf(date)]}）`;
}

/** "2026年05月03日（土）": the brief's date format, as the staff screens and the ticket write a date. */
export function formatFullDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${year}年${month}月${day}日（${WEEKDAY_SHORT_NAMES[weekdayOf(date)]}）`;
}

/** "9:00〜13:00": how a period reads in a sentence. */
export function formatPeriodText(period: Period): string {
  return `${period.start.replace(/^0/, "")}〜${period.end.replace(/^0/, "")}`;
}

/** A stored period "09:00-13:00" as the patient pages show it: "9:00〜13:00". */
export function formatPeriodValue(period: string): string {
  const [start = "", end = ""] = period.split("-");
  return formatPeriodText({ start, end });
}
