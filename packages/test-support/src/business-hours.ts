import type { BusinessHours } from "@pharmacy/contract/settings/settings";

/**
 * A 24-hour branch: every day 00:00–23:59, holidays too. A test on the real clock that sends a Web
 * reception and looks for it on today's list needs it: on a branch's usual hours that reception belongs
 * to the next opening's day at night, on a Sunday or on a Saturday afternoon (docs/rules.md#across-days).
 */
export const ALWAYS_OPEN: BusinessHours = {
  weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, periods: [{ start: "00:00", end: "23:59" }] })),
  closedDates: [],
  openOnHolidays: true,
};
