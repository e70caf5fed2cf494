import holidayJp from "@holiday-jp/holiday_jp";

/**
 * Japan's national holidays (国民の祝日・振替休日・国民の休日) from the maintained holiday_jp data set,
 * so a new holiday law arrives with a package update rather than a hand-written list.
 */
const HOLIDAYS = holidayJp.holidays as Readonly<Record<string, { name: string } | undefined>>;

export interface Holiday {
  date: string;
  name: string;
}

/** The holiday's Japanese name (「勤労感謝の日」), or undefined on an ordinary day. */
export function holidayName(date: string): string | undefined {
  return HOLIDAYS[date]?.name;
}

/** The holidays from `from` to `to` (YYYY-MM-DD, both included), in date order. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  return Object.keys(HOLIDAYS)
    .filter((date) => from <= date && date <= to)
    .sort()
    .map((date) => ({ date, name: HOLIDAYS[date]!.name }));
}
