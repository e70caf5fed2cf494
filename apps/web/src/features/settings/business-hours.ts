import { BusinessHoursSchema, type BusinessHours, type Period } from "@pharmacy/contract/settings/settings";
import type { ValidationIssue } from "@pharmacy/contract/shared/errors";
import { WEEKDAY_ORDER } from "@pharmacy/contract/calendar/date-labels";

/**
 * The business-hours editor works on one row per weekday, Monday first (closed days have no
 * periods), and sorted closed dates: the same shape it sends, so the server's issue paths
 * (["weekly", 2, "periods"]) point at the row on screen.
 */
export function toEditableHours(hours: BusinessHours): BusinessHours {
  return {
    weekly: WEEKDAY_ORDER.map((weekday) => ({
      weekday,
      periods: [...(hours.weekly.find((day) => day.weekday === weekday)?.periods ?? [])]
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((period) => ({ start: period.start, end: period.end })),
    })),
    closedDates: [...new Set(hours.closedDates)].sort(),
    openOnHolidays: hours.openOnHolidays,
  };
}

export function sameHours(a: BusinessHours, b: BusinessHours): boolean {
  return JSON.stringify(toEditableHours(a)) === JSON.stringify(toEditableHours(b));
}

function withPeriods(hours: BusinessHours, weekday: number, update: (periods: Period[]) => Period[]): BusinessHours {
  return {
    ...hours,
    weekly: hours.weekly.map((day) => (day.weekday === weekday ? { ...day, periods: update(day.periods) } : day)),
  };
}

const DAY_END = "23:59";

function addHours(time: string, hoursToAdd: number): string {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const total = Math.min(hour * 60 + minute + hoursToAdd * 60, 23 * 60 + 59);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** A new period: 9:00–18:00 on a closed day, otherwise the hour after the last one ends, for 3 hours. */
export function suggestedPeriod(periods: readonly Period[]): Period {
  const last = [...periods].sort((a, b) => a.end.localeCompare(b.end)).at(-1);
  if (!last) return { start: "09:00", end: "18:00" };
  const start = addHours(last.end, 1);
  return { start, end: start === DAY_END ? DAY_END : addHours(start, 3) };
}

export function addPeriod(hours: BusinessHours, weekday: number): BusinessHours {
  return withPeriods(hours, weekday, (periods) => [...periods, suggestedPeriod(periods)]);
}

export function removePeriod(hours: BusinessHours, weekday: number, index: number): BusinessHours {
  return withPeriods(hours, weekday, (periods) => periods.filter((_, i) => i !== index));
}

export function changePeriod(hours: BusinessHours, weekday: number, index: number, period: Period): BusinessHours {
  return withPeriods(hours, weekday, (periods) => periods.map((current, i) => (i === index ? period : current)));
}

/** 「全曜日にコピー」: every weekday gets the same periods as `fromWeekday`. */
export function copyPeriodsToAllWeekdays(hours: BusinessHours, fromWeekday: number): BusinessHours {
  const source = hours.weekly.find((day) => day.weekday === fromWeekday)?.periods ?? [];
  return {
    ...hours,
    weekly: hours.weekly.map((day) => ({ ...day, periods: source.map((period) => ({ ...period })) })),
  };
}

export function setClosedDates(hours: BusinessHours, dates: readonly string[]): BusinessHours {
  return { ...hours, closedDates: [...new Set(dates)].sort() };
}

export function removeClosedDate(hours: BusinessHours, date: string): BusinessHours {
  return { ...hours, closedDates: hours.closedDates.filter((closed) => closed !== date) };
}

/** The contract's messages (inverted period, overlap) keyed by the path they belong to ("weekly.0.periods"). */
export function businessHoursIssues(hours: BusinessHours): Map<string, string[]> {
  const result = BusinessHoursSchema.safeParse(hours);
  const issues = new Map<string, string[]>();
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const key = issuePathKey(issue.path);
    const messages = issues.get(key) ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    issues.set(key, messages);
  }
  return issues;
}

export function issuePathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** The places the business-hours screen shows a message at: a day, one of its periods, or the closed dates. */
const SHOWN_ISSUE_PATH = /^(weekly\.\d+\.periods(\.\d+(\.(start|end))?)?|closedDates)$/;

/**
 * The server's refusal of the hours: its messages keyed by the place on screen they belong to
 * (`byPlace`), and those that belong nowhere on it (`details`, shown with the save error).
 */
export function placedServerIssues(issues: readonly ValidationIssue[]): {
  byPlace: Map<string, string[]>;
  details: string[];
} {
  const byPlace = new Map<string, string[]>();
  const details: string[] = [];
  for (const issue of issues) {
    const key = issuePathKey(issue.path);
    if (SHOWN_ISSUE_PATH.test(key)) byPlace.set(key, [...(byPlace.get(key) ?? []), issue.message]);
    else details.push(issue.message);
  }
  return { byPlace, details };
}
