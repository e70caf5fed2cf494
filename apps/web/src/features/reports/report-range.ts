import { addDays, weekdayOf } from "@pharmacy/contract/calendar/business-calendar";
import { ReportQuerySchema, type ReportQuery } from "@pharmacy/contract/reports/reports";

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

const MISSING_DATE = "開始日と終了日の両方を指定してください";

/**
 * The period the URL asks for; without one, this month. A period the report cannot take (a date that
 * does not exist, backwards, longer than a year) shows this month too, with the reason (`refusal`).
 */
export function rangeOfSearch(
  search: { from?: string | undefined; to?: string | undefined },
  today: string,
): { range: ReportRange; refusal?: string } {
  if (search.from === undefined && search.to === undefined) return { range: thisMonth(today) };
  const parsed = ReportQuerySchema.safeParse(search);
  if (parsed.success) return { range: parsed.data };
  const [issue] = parsed.error.issues;
  return {
    range: thisMonth(today),
    refusal: issue?.code === "invalid_type" ? MISSING_DATE : (issue?.message ?? MISSING_DATE),
  };
}
