import { addDays, weekdayOf } from "@pharmacy/contract/business-calendar";
import { ReportQuerySchema, type ReportQuery } from "@pharmacy/contract/reports";

/** A period of business days (YYYY-MM-DD), both included. */
export type ReportRange = ReportQuery;

/** Monday to today: the pharmacy's week starts with the clinics' week. */
export function thisWeek(today: string): ReportRange {
  return { from: addDays(today, -((weekdayOf(today) + 6) % 7)), to: today };
}

export function thisMonth(today: string): ReportRange {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function lastMonth(today: string): ReportRange {
  const lastDay = addDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
}

/**
 * The period the URL asks for; without one, this month. A period the report cannot take (a date that
 * does not exist, backwards, longer than a year) shows this month too, and says so.
 */
export function rangeOfSearch(search: { from?: string | undefined; to?: string | undefined }, today: string): { range: ReportRange; refused: boolean } {
  if (search.from === undefined && search.to === undefined) return { range: thisMonth(today), refused: false };
  const parsed = ReportQuerySchema.safeParse(search);
  return parsed.success ? { range: parsed.data, refused: false } : { range: thisMonth(today), refused: true };
}
