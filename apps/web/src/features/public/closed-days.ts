import type { PublicPharmacy } from "@pharmacy/contract/public/public";

/**
 * The closed days the public page lists from today to `lastDay`: the branch's own closed dates and,
 * unless it opens on them (祝日も営業する), the national holidays with their names; in date order.
 */
export function closedDaysAhead(
  pharmacy: Pick<PublicPharmacy, "businessHours" | "holidays">,
  today: string,
  lastDay: string,
): { date: string; name?: string }[] {
  const within = (date: string) => date >= today && date <= lastDay;
  const days = new Map<string, string | undefined>();
  for (const date of pharmacy.businessHours.closedDates.filter(within)) days.set(date, undefined);
  if (!pharmacy.businessHours.openOnHolidays) {
    for (const holiday of pharmacy.holidays.filter((candidate) => within(candidate.date)))
      days.set(holiday.date, holiday.name);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, name]) => (name ? { date, name } : { date }));
}
