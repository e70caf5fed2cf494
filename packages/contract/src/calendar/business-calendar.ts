import { API_DATE_PATTERN } from "../shared/formats.js";
import { holidayName } from "./holidays.js";
import type { BusinessHours, Period } from "../settings/settings.js";

/**
 * The pharmacy's calendar, one module for the server and the web: the business day and the time now
 * at the pharmacy (Asia/Tokyo, whatever the device's zone), the instants a business day starts and
 * ends, day arithmetic on "YYYY-MM-DD" strings (no Date in a local zone), which days are closed and
 * which periods a day has. How these read in Japanese is `date-labels.ts`.
 */

export const BUSINESS_TIME_ZONE = "Asia/Tokyo";

/** Japan keeps no daylight saving time: the business day starts at this offset from UTC all year. */
const BUSINESS_UTC_OFFSET = "+09:00";

/** A day's length, and so a business day's: 24 hours every day of the year at the pharmacy. */
export const DAY_MS = 86_400_000;

/** How far ahead a return visit can be booked from the public page: today up to 30 days on. */
export const RETURN_DATE_HORIZON_DAYS = 30;

/** Today's business day (YYYY-MM-DD) and the time now (HH:mm) at the pharmacy. */
export interface BusinessClock {
  date: string;
  time: string;
}

const dateTimeParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The last minute formatted: Tokyo's offset is whole hours, so a UTC minute is one minute there too. */
let lastMinute: { minute: number; clock: BusinessClock } | undefined;

/** The business day and the time at the pharmacy of an instant (now by default). */
export function businessClockOf(instant: Date = new Date()): BusinessClock {
  // formatting takes microseconds, and the server asks on every call of the day list
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastMinute?.minute !== minute) {
    const part = Object.fromEntries(dateTimeParts.formatToParts(instant).map((p) => [p.type, p.value]));
    lastMinute = {
      minute,
      clock: { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` },
    };
  }
  return { ...lastMinute.clock };
}

/** The business day (YYYY-MM-DD) an instant falls on. */
export function businessDateOf(instant: Date = new Date()): string {
  return businessClockOf(instant).date;
}

function parts(date: string): [number, number, number] {
  return date.split("-").map(Number) as [number, number, number];
}

/** 0 is Sunday … 6 Saturday, as `BusinessHours.weekly` counts them. */
export function weekdayOf(date: string): number {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`: negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((startOfBusinessDate(to).getTime() - startOfBusinessDate(from).getTime()) / DAY_MS);
}

/** Whether a YYYY-MM-DD string names a day on the calendar: 2026-02-30 and month 13 do not. */
export function isCalendarDate(date: string): boolean {
  return API_DATE_PATTERN.test(date) && addDays(date, 0) === date;
}

/** The first instant of a business day (YYYY-MM-DD). */
export function startOfBusinessDate(date: string): Date {
  return new Date(`${date}T00:00:00${BUSINESS_UTC_OFFSET}`);
}

/** The first instant after a business day: the next day's start, an end to compare with `<`. */
export function endOfBusinessDate(date: string): Date {
  return startOfBusinessDate(addDays(date, 1));
}

/**
 * Whether the branch is closed all that day whatever its weekly hours say: its own closed dates, and
 * national holidays unless it opens on them (祝日も営業する). The one place every check asks.
 */
export function isClosedDate(date: string, hours: BusinessHours): boolean {
  return hours.closedDates.includes(date) || (!hours.openOnHolidays && holidayName(date) !== undefined);
}

/** The periods of a business day (YYYY-MM-DD): none on a closed date or a weekday without hours. */
export function periodsOn(date: string, hours: BusinessHours): Period[] {
  if (isClosedDate(date, hours)) return [];
  const weekday = weekdayOf(date);
  return hours.weekly.find((day) => day.weekday === weekday)?.periods ?? [];
}

/** When a business day opens (HH:mm, its first period's start): undefined on a day without hours. */
export function openingTimeOn(date: string, hours: BusinessHours): string | undefined {
  return periodsOn(date, hours)
    .map((period) => period.start)
    .sort()
    .at(0);
}

/** The instant a time of a business day happens (Tokyo is +09:00 all year: no daylight saving time). */
export function instantOf({ date, time }: BusinessClock): Date {
  return new Date(`${date}T${time}:00+09:00`);
}

/** Whether the pharmacy is open at that moment of that day. */
export function isOpenAt(clock: BusinessClock, hours: BusinessHours): boolean {
  return periodsOn(clock.date, hours).some((period) => period.start <= clock.time && clock.time < period.end);
}

/** The periods of that day a patient can still come in: today's that have ended are left out. */
export function periodsLeftOn(date: string, hours: BusinessHours, clock: BusinessClock): Period[] {
  return periodsOn(date, hours).filter((period) => date !== clock.date || period.end > clock.time);
}

/** Which open days to list: those up to `horizonDays` after today, and no more than `count` of them. */
export interface OpenDayWindow {
  horizonDays: number;
  count?: number;
}

/** Open days from today (today only while it has a period left) within the window. */
export function openDaysFrom(
  hours: BusinessHours,
  clock: BusinessClock,
  { horizonDays, count = Number.POSITIVE_INFINITY }: OpenDayWindow,
): string[] {
  const dates: string[] = [];
  for (let offset = 0; offset <= horizonDays && dates.length < count; offset++) {
    const date = addDays(clock.date, offset);
    if (periodsLeftOn(date, hours, clock).length > 0) dates.push(date);
  }
  return dates;
}

/** How far ahead the next opening is looked for: a branch closed longer than this has no next opening. */
const NEXT_OPENING_LOOKAHEAD_DAYS = 31;

/**
 * When the pharmacy next opens, seen from its clock: null while it is open now, else the day and
 * start time of the next period (null too when none is set in the next month).
 */
export function nextOpening(hours: BusinessHours, clock: BusinessClock): BusinessClock | null {
  for (let offset = 0; offset <= NEXT_OPENING_LOOKAHEAD_DAYS; offset++) {
    const date = addDays(clock.date, offset);
    for (const period of [...periodsOn(date, hours)].sort((a, b) => a.start.localeCompare(b.start))) {
      if (offset === 0 && period.end <= clock.time) continue;
      if (offset === 0 && period.start <= clock.time) return null;
      return { date, time: period.start };
    }
  }
  return null;
}
