import { businessClockOf, weekdayOf } from "./business-calendar.js";
import type { Period } from "../settings/settings.js";

/**
 * Business days, instants and periods as Japanese readers see them, one module for the server and the
 * web; the arithmetic behind them (the business day of an instant, weekdays, open days) is
 * `business-calendar.ts`.
 */

/** Monday first, as Japanese calendars at a pharmacy counter are read; 0 is Sunday (`weekdayOf`). */
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const WEEKDAY_SHORT_NAMES = ["日", "月", "火", "水", "木", "金", "土"] as const;

/** 「月曜日」 of each weekday number. */
export const WEEKDAY_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  WEEKDAY_SHORT_NAMES.map((name, weekday) => [weekday, `${name}曜日`]),
);

function parts(date: string): [number, number, number] {
  return date.split("-").map(Number) as [number, number, number];
}

function weekdayLabel(date: string): string {
  return `（${WEEKDAY_SHORT_NAMES[weekdayOf(date)]}）`;
}

/** 「2026年05月03日（日）」: the staff app's date format (docs/rules.md#the-staff-apps-basics), as the staff screens and the ticket write a business day. */
export function formatFullDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${year}年${month}月${day}日${weekdayLabel(date)}`;
}

/** 「5月3日」; with `today`, a date in another year carries it: 「2027年1月3日」. */
export function formatMonthDate(date: string, today?: string): string {
  const [year, month, day] = parts(date);
  return `${today && today.slice(0, 4) !== date.slice(0, 4) ? `${year}年` : ""}${month}月${day}日`;
}

/**
 * 「5月3日（日）」: a day near today, on the visitor's ticket, status page and mail and in staff lists;
 * with `today`, a date in another year carries it: 「2027年1月3日（日）」.
 */
export function formatMonthDay(date: string, today?: string): string {
  return `${formatMonthDate(date, today)}${weekdayLabel(date)}`;
}

/** 「11/26」: the day beside another day's reception number on staff screens. */
export function formatSlashDate(date: string): string {
  const [, month, day] = parts(date);
  return `${month}/${day}`;
}

/** 「2026年11月20日」, or 「2026年11月」 / 「2026年」 of a partial date (a birth date a code gives in part). */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = parts(date);
  if (day) return `${year}年${month}月${day}日`;
  return month ? `${year}年${month}月` : `${year}年`;
}

/** 「2026年5月3日（日）」: a day in a list of dates that spans years (the holidays of the settings page). */
export function formatYearMonthDay(date: string): string {
  return `${formatCalendarDate(date)}${weekdayLabel(date)}`;
}

/** 「2026年05月01日 09:30」 of an instant (a Date or ISO text) at the pharmacy: the ticket, sign-ins, audit rows. */
export function formatBusinessDateTime(instant: Date | string): string {
  const { date, time } = businessClockOf(new Date(instant));
  const [year, month, day] = date.split("-");
  return `${year}年${month}月${day}日 ${time}`;
}

/** 「9:00〜13:00」: how a period reads in a sentence. */
export function formatPeriodText(period: Pick<Period, "start" | "end">): string {
  return `${period.start.replace(/^0/, "")}〜${period.end.replace(/^0/, "")}`;
}

/** A stored period 「09:00-13:00」 as people read it: 「9:00〜13:00」. */
export function formatPeriodValue(period: string): string {
  const [start = "", end = ""] = period.split("-");
  return formatPeriodText({ start, end });
}
