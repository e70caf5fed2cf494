import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isCarriedOnto, noticesKeptUntil, pickupDateOf, webReceptionDay } from "../../src/receptions/across-days.js";
import {
  businessClockOf,
  businessDateOf,
  endOfBusinessDate,
  startOfBusinessDate,
} from "../../src/calendar/business-calendar.js";
import { followUpDueOn, isSendingTime } from "../../src/follow-ups/follow-ups.js";
import { dispensedOnOf, nextDispensingWindow, REFILL_WINDOW_DAYS } from "../../src/follow-ups/next-dispensing.js";
import type { Rx } from "../../src/files/prescription-data.js";
import { reportDates } from "../../src/reports/reports.js";
import type { BusinessHours } from "../../src/settings/settings.js";

/**
 * Every rule that decides a business day, checked minute by minute against an oracle that knows
 * nothing of the contract: Tokyo is UTC + 9 h all year, so the Tokyo date and time of an instant are
 * its UTC ones 9 h later. The minutes run over an ordinary week and over New Year (12-30 … 01-04),
 * 00:00–09:00 JST included, when the UTC date is still yesterday.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Tokyo's business days the minutes cover: each from its 00:00 JST (15:00 UTC the day before). */
const SPANS = [
  { from: "2026-05-01", days: 4 },
  { from: "2026-12-30", days: 6 },
];
const spanStart = (from: string) => Date.parse(`${from}T00:00:00Z`) - 9 * HOUR;
const EVERY_MINUTE = SPANS.flatMap(({ from, days }) =>
  Array.from({ length: (days * DAY) / MINUTE }, (_, minute) => spanStart(from) + minute * MINUTE),
);

function tokyoOf(instant: number): { date: string; time: string } {
  const iso = new Date(instant + 9 * HOUR).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

function oracleAddDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

function oracleWeekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

const anInstant = fc.constantFrom(...EVERY_MINUTE);
const aDayNear = (instant: number, range: number) =>
  fc.integer({ min: -range, max: range }).map((offset) => oracleAddDays(tokyoOf(instant).date, offset));

/** A branch open round the clock but for its New Year holidays: open through 00:00–09:00 JST. */
const ROUND_THE_CLOCK: BusinessHours = {
  weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, periods: [{ start: "00:00", end: "23:59" }] })),
  closedDates: ["2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"],
  openOnHolidays: true,
};
/** Weekdays 9–18, Saturday 9–13, and the same New Year holidays. */
const DAYTIME: BusinessHours = {
  weekly: [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, periods: [{ start: "09:00", end: "18:00" }] })),
    { weekday: 6, periods: [{ start: "09:00", end: "13:00" }] },
  ],
  closedDates: ROUND_THE_CLOCK.closedDates,
  openOnHolidays: true,
};

/** The one period of a day in these hours, read without the contract. */
function oraclePeriod(hours: BusinessHours, date: string): { start: string; end: string } | undefined {
  if (hours.closedDates.includes(date)) return undefined;
  return hours.weekly.find((day) => day.weekday === oracleWeekday(date))?.periods[0];
}

/** A web reception's day: today until its closing time, else the next day that opens. */
function oracleReceptionDay(hours: BusinessHours, instant: number): string {
  const { date, time } = tokyoOf(instant);
  const today = oraclePeriod(hours, date);
  if (today && time < today.end) return date;
  for (let offset = 1; offset <= 31; offset++) {
    if (oraclePeriod(hours, oracleAddDays(date, offset))) return oracleAddDays(date, offset);
  }
  return date;
}

// Every minute of ten days through each rule: seconds of work, more on a busy machine than the 5 s default.
const MINUTES_TIMEOUT = { timeout: 120_000 };

describe("the business day of an instant", MINUTES_TIMEOUT, () => {
  it("is the Tokyo date, every minute, and Intl agrees with the oracle", () => {
    const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" });
    const wrong = EVERY_MINUTE.filter((instant) => {
      const expected = tokyoOf(instant);
      const clock = businessClockOf(new Date(instant));
      return clock.date !== expected.date || clock.time !== expected.time || intl.format(instant) !== expected.date;
    });
    expect(wrong.map((instant) => new Date(instant).toISOString())).toEqual([]);
  });

  it("starts at 00:00 JST and ends at the next day's: every minute lies in its own day's span", () => {
    const wrong = EVERY_MINUTE.filter((instant) => {
      const { date } = tokyoOf(instant);
      const start = startOfBusinessDate(date).getTime();
      const end = endOfBusinessDate(date).getTime();
      return start !== Date.parse(`${oracleAddDays(date, -1)}T15:00:00Z`) || end !== start + DAY || instant >= end;
    });
    expect(wrong.map((instant) => new Date(instant).toISOString())).toEqual([]);
  });
});

describe("rules that decide a day, at any minute", MINUTES_TIMEOUT, () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("a web reception belongs to today until closing time, else to the next opening's day", () => {
    fc.assert(
      fc.property(anInstant, fc.constantFrom(ROUND_THE_CLOCK, DAYTIME), (instant, hours) => {
        // the device's own clock says the same instant, as it does on the server
        vi.setSystemTime(instant);
        expect(webReceptionDay(hours, businessClockOf())).toBe(oracleReceptionDay(hours, instant));
      }),
      { numRuns: 2000 },
    );
  });

  const aReception = (instant: number) =>
    fc.record({
      receptionDate: aDayNear(instant, 5),
      status: fc.constantFrom("Reviewing", "Dispensing", "Completed", null),
      handedOverAt: fc.constantFrom(null, "2026-05-01T00:00:00.000Z"),
      returnVisit: fc.option(fc.integer({ min: 0, max: 5 })),
    });
  const withAnswers = (row: {
    receptionDate: string;
    status: "Reviewing" | "Dispensing" | "Completed" | null;
    handedOverAt: string | null;
    returnVisit: number | null;
  }) => ({
    ...row,
    answers:
      row.returnVisit === null
        ? { receiveMethod: "Pharmacy" as const }
        : { receiveMethod: "ReturnVisit" as const, returnDate: oracleAddDays(row.receptionDate, row.returnVisit) },
  });
  const oraclePickup = (row: { receptionDate: string; returnVisit: number | null }) =>
    row.returnVisit === null ? row.receptionDate : oracleAddDays(row.receptionDate, row.returnVisit);

  it("carries an earlier day's reception onto today while it is not done or waits for its pickup", () => {
    fc.assert(
      fc.property(
        anInstant.chain((instant) => fc.tuple(fc.constant(instant), aReception(instant))),
        ([instant, row]) => {
          const today = tokyoOf(instant).date;
          const carried =
            row.receptionDate < today &&
            (row.status !== "Completed" || (!row.handedOverAt && oraclePickup(row) <= today));
          expect(isCarriedOnto(withAnswers(row), businessDateOf(new Date(instant)))).toBe(carried);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("picks up on the return visit's day, and keeps notices to the end of the 14th day after it", () => {
    fc.assert(
      fc.property(
        anInstant.chain((instant) => fc.tuple(fc.constant(instant), aReception(instant))),
        ([instant, row]) => {
          const reception = withAnswers(row);
          const pickup = oraclePickup(row);
          expect(pickupDateOf(reception) === businessDateOf(new Date(instant))).toBe(pickup === tokyoOf(instant).date);
          const keptUntil = endOfBusinessDate(noticesKeptUntil(reception)).getTime();
          expect(instant < keptUntil).toBe(tokyoOf(instant).date <= oracleAddDays(pickup, 14));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("plans a follow-up n days from today and sends it from its day's opening", () => {
    fc.assert(
      fc.property(
        anInstant,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: -3, max: 3 }),
        (instant, daysAfter, dueShift) => {
          const { date, time } = tokyoOf(instant);
          expect(followUpDueOn({ daysAfter }, businessDateOf(new Date(instant)))).toBe(oracleAddDays(date, daysAfter));
          const dueOn = oracleAddDays(date, dueShift);
          const period = oraclePeriod(DAYTIME, date);
          const sending = dueOn <= date && period !== undefined && period.start <= time;
          expect(isSendingTime(dueOn, DAYTIME, businessClockOf(new Date(instant)))).toBe(sending);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("counts the next dispensing from the Tokyo day of the hand-over", () => {
    const refill = (days: number): Pick<Rx, "rps" | "refill" | "splitDispensing"> =>
      ({ rps: [{ dosageFormCode: "1", days }], refill: { totalUses: 3 } }) as unknown as Pick<
        Rx,
        "rps" | "refill" | "splitDispensing"
      >;
    fc.assert(
      fc.property(anInstant, fc.integer({ min: 1, max: 90 }), (instant, days) => {
        const handedOverOn = tokyoOf(instant).date;
        const dispensedOn = dispensedOnOf({
          handedOverAt: new Date(instant).toISOString(),
          receptionDate: "2026-04-01",
        });
        expect(dispensedOn).toBe(handedOverOn);
        const window = nextDispensingWindow(refill(days), dispensedOn);
        expect(window?.from).toBe(oracleAddDays(handedOverOn, days - REFILL_WINDOW_DAYS));
        expect(window?.to).toBe(oracleAddDays(handedOverOn, days + REFILL_WINDOW_DAYS));
      }),
      { numRuns: 2000 },
    );
  });

  it("counts a reception in a report's day by its Tokyo date, over every day of the period", () => {
    fc.assert(
      fc.property(
        anInstant.chain((instant) => fc.tuple(fc.constant(instant), aDayNear(instant, 3), fc.nat(6))),
        ([instant, from, length]) => {
          const to = oracleAddDays(from, length);
          const days = reportDates(from, to);
          expect(days).toEqual(Array.from({ length: length + 1 }, (_, index) => oracleAddDays(from, index)));
          const counted = days.filter(
            (day) => startOfBusinessDate(day).getTime() <= instant && instant < endOfBusinessDate(day).getTime(),
          );
          const date = tokyoOf(instant).date;
          expect(counted).toEqual(from <= date && date <= to ? [date] : []);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
