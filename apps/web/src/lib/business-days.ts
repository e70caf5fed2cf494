import { businessClockOf } from "@pharmacy/contract/formats";
import { formatPeriod, periodsOn, type BusinessHours, type Period } from "@pharmacy/contract/settings";

/**
 * Business-day arithmetic on "YYYY-MM-DD" strings (no Date objects in the local zone, so a phone
 * abroad counts the pharmacy's days): the settings screens, the counter's questions and the public
 * reception page share it.
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

export const WEEKDAY_SHORT_NAMES: Record<number, string> = { 0: "日", 1: "月", 2: "火", 3: "水", 4: "木", 5: "金", 6: "土" };

function parts(date: string): [number, number, number] {
  return date.split("-").map(Number) as [number, number, number];
}

export function weekdayOf(date: string): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** "5月3日" */
export function formatMonthDate(date: string): string {
  const [, month, day] = parts(date);
  return `${month}月${day}日`;
}

/** "5月3日（土）" */
export function formatMonthDay(date: string): string {
  return `${formatMonthDate(date)}（${WEEKDAY_SHORT_NAMES[weekdayOf(date)]}）`;
}

/** "2026年5月3日（土）" */
export function formatFullDate(date: string): string {
  const [year] = parts(date);
  return `${year}年${formatMonthDay(date)}`;
}

/** "9:00〜13:00": how a period reads in a sentence. */
export function formatPeriodText(period: Period): string {
  return `${period.start.replace(/^0/, "")}〜${period.end.replace(/^0/, "")}`;
}

/** Today's business day and the time now at the pharmacy (Asia/Tokyo). */
export function pharmacyClock(instant: Date = new Date()): { today: string; now: string } {
  const { date, time } = businessClockOf(instant);
  return { today: date, now: time };
}

/** The periods of that day a patient can still come in: today's that have ended are left out. */
export function periodsLeftOn(date: string, hours: BusinessHours, clock: { today: string; now: string }): Period[] {
  return periodsOn(date, hours).filter((period) => date !== clock.today || period.end > clock.now);
}

/** How far ahead a return visit can be booked (the server accepts today up to 30 days on). */
export const RETURN_DATE_HORIZON_DAYS = 30;

/**
 * Open days from today (today only while it has a period left), looking at most `horizonDays` days
 * on, and no more than `count` of them.
 */
export function openDaysFrom(
  hours: BusinessHours,
  clock: { today: string; now: string },
  { horizonDays, count = Number.POSITIVE_INFINITY }: { horizonDays: number; count?: number },
): string[] {
  const dates: string[] = [];
  for (let offset = 0; offset <= horizonDays && dates.length < count; offset++) {
    const date = addDays(clock.today, offset);
    if (periodsLeftOn(date, hours, clock).length > 0) dates.push(date);
  }
  return dates;
}

/** Open days from today up to the horizon that still have a period to come in. */
export function returnDateChoices(
  hours: BusinessHours,
  clock: { today: string; now: string },
  horizonDays = RETURN_DATE_HORIZON_DAYS,
): string[] {
  return openDaysFrom(hours, clock, { horizonDays });
}

/** The time-period answers ("HH:mm-HH:mm") of a return day. */
export function returnPeriodChoices(date: string, hours: BusinessHours, clock: { today: string; now: string }): string[] {
  return periodsLeftOn(date, hours, clock).map(formatPeriod);
}
