import { BUSINESS_TIME_ZONE } from "@pharmacy/contract/calendar/business-calendar";
import {
  formatFullDate,
  formatMonthDay,
  formatPeriodText,
  WEEKDAY_NAMES,
} from "@pharmacy/contract/calendar/date-labels";
import { isJapanese, type LanguageTag } from "./languages";

/**
 * Days, times and periods as each language writes them, always at the pharmacy (Asia/Tokyo). Japanese keeps
 * the app's own formats (「11月27日（金）」, 「9:00〜13:00」); the others are the browser's Intl for that
 * language, so nothing is loaded for them.
 */

/** A business day (YYYY-MM-DD) as an instant whose UTC date is that day: formatted in UTC it is that day. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(language: LanguageTag, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    // A browser without the language's date data (Debian's Chromium has none for Nepali) would fall back
    // to its own default, Japanese on a phone set to Japanese: English is read by more of those patients.
    format = new Intl.DateTimeFormat([language, "en"], options);
    cache.set(key, format);
  }
  return format;
}

/** 「11月27日（金）」 / "Fri, November 27". */
export function monthDayIn(language: LanguageTag, date: string): string {
  if (isJapanese(language)) return formatMonthDay(date);
  return formatter(language, { timeZone: "UTC", month: "long", day: "numeric", weekday: "short" }).format(noonOf(date));
}

/** 「2026年11月27日（金）」 / "Friday, November 27, 2026". */
export function fullDateIn(language: LanguageTag, date: string): string {
  if (isJapanese(language)) return formatFullDate(date);
  return formatter(language, { timeZone: "UTC", dateStyle: "full" }).format(noonOf(date));
}

/** A weekday's name (0 is Sunday): 「月曜日」 / "Monday". */
export function weekdayIn(language: LanguageTag, weekday: number): string {
  if (isJapanese(language)) return WEEKDAY_NAMES[weekday]!;
  // 2026-11-01 was a Sunday.
  return formatter(language, { timeZone: "UTC", weekday: "long" }).format(noonOf(`2026-11-0${weekday + 1}`));
}

/** A time of day "09:00" as the language writes it: 「9:00」 / "9:00 AM". */
export function clockTimeIn(language: LanguageTag, time: string): string {
  if (isJapanese(language)) return time.replace(/^0/, "");
  const [hours = "0", minutes = "0"] = time.split(":");
  return formatter(language, { timeZone: "UTC", hour: "numeric", minute: "2-digit" }).format(
    new Date(Date.UTC(2026, 0, 1, Number(hours), Number(minutes))),
  );
}

/** An instant's time at the pharmacy: 「10:20」 / "10:20 AM"; with seconds for "last updated". */
export function instantTimeIn(language: LanguageTag, instant: Date | string | number, seconds = false): string {
  return formatter(language, {
    timeZone: BUSINESS_TIME_ZONE,
    hour: isJapanese(language) ? "2-digit" : "numeric",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
  }).format(new Date(instant));
}

/** A period 「9:00〜13:00」 / "9:00 AM – 1:00 PM". */
export function periodIn(language: LanguageTag, period: { start: string; end: string }): string {
  if (isJapanese(language)) return formatPeriodText(period);
  return `${clockTimeIn(language, period.start)} – ${clockTimeIn(language, period.end)}`;
}

/** A stored period "09:00-13:00". */
export function periodValueIn(language: LanguageTag, value: string): string {
  const [start = "", end = ""] = value.split("-");
  return periodIn(language, { start, end });
}
