import { describe, expect, it } from "vitest";
import {
  addDays,
  businessClockOf,
  businessDateOf,
  instantOf,
  isClosedDate,
  isOpenAt,
  openDaysFrom,
  openingTimeOn,
  periodsLeftOn,
  periodsOn,
  RETURN_DATE_HORIZON_DAYS,
  weekdayOf,
} from "../../src/calendar/business-calendar.js";
import { DEFAULT_BUSINESS_HOURS, formatPeriod, type BusinessHours } from "../../src/settings/settings.js";

// 2026-05-04 is a Monday.
const MONDAY = "2026-05-04";

describe("business time", () => {
  it("counts the day and the time in Tokyo: 15:00 UTC is the next day's midnight", () => {
    expect(businessClockOf(new Date("2026-03-01T14:59:00Z"))).toEqual({ date: "2026-03-01", time: "23:59" });
    expect(businessClockOf(new Date("2026-03-01T15:00:00Z"))).toEqual({ date: "2026-03-02", time: "00:00" });
    expect(businessDateOf(new Date("2026-03-01T15:00:00Z"))).toBe("2026-03-02");
  });

  it("answers every minute afresh (each is formatted once), and a caller changing its answer changes no other", () => {
    const first = businessClockOf(new Date("2026-03-01T14:59:01Z"));
    first.date = "changed";
    expect(businessClockOf(new Date("2026-03-01T14:59:59.999Z"))).toEqual({ date: "2026-03-01", time: "23:59" });
    expect(businessClockOf(new Date("2026-03-01T15:00:00Z"))).toEqual({ date: "2026-03-02", time: "00:00" });
    expect(businessClockOf(new Date("2026-03-01T14:59:30Z"))).toEqual({ date: "2026-03-01", time: "23:59" });
    expect(() => businessClockOf(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("reads today and the time now in Tokyo, whatever the device's zone", () => {
    // 2026-05-04 16:30 UTC is 2026-05-05 01:30 in Tokyo.
    expect(businessClockOf(new Date("2026-05-04T16:30:00Z"))).toEqual({ date: "2026-05-05", time: "01:30" });
  });
});

describe("business-day arithmetic", () => {
  it("counts weekdays and days on the calendar, across months and years", () => {
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf("2026-05-10")).toBe(0);
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});

describe("periods of a day", () => {
  // Golden Week dates: holidays are left open here so these cases test the weekly hours alone.
  const hours: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-05-06"], openOnHolidays: true };

  it("takes the weekday's periods, none on a Sunday or a closed date", () => {
    expect(periodsOn(MONDAY, hours).map(formatPeriod)).toEqual(["09:00-13:00", "14:00-18:00"]);
    expect(periodsOn("2026-05-09", hours).map(formatPeriod)).toEqual(["09:00-13:00"]);
    expect(periodsOn("2026-05-10", hours)).toEqual([]);
    expect(isClosedDate("2026-05-06", hours)).toBe(true);
    expect(periodsOn("2026-05-06", hours)).toEqual([]);
  });

  it("opens at its earliest period's start, whatever order the periods were saved in; not on a closed day", () => {
    const lateFirst: BusinessHours = {
      ...hours,
      weekly: [
        {
          weekday: 1,
          periods: [
            { start: "14:00", end: "18:00" },
            { start: "08:30", end: "12:00" },
          ],
        },
      ],
    };
    expect(openingTimeOn(MONDAY, lateFirst)).toBe("08:30");
    expect(openingTimeOn(MONDAY, hours)).toBe("09:00");
    expect(openingTimeOn("2026-05-10", hours)).toBeUndefined();
    expect(openingTimeOn("2026-05-06", hours)).toBeUndefined();
  });

  it("places a time of a business day at its instant, the day before in UTC before 09:00", () => {
    expect(instantOf({ date: MONDAY, time: "09:00" }).toISOString()).toBe("2026-05-04T00:00:00.000Z");
    expect(instantOf({ date: MONDAY, time: "02:00" }).toISOString()).toBe("2026-05-03T17:00:00.000Z");
  });

  it("is open from a period's start up to (not at) its end", () => {
    expect(isOpenAt({ date: MONDAY, time: "09:00" }, hours)).toBe(true);
    expect(isOpenAt({ date: MONDAY, time: "13:00" }, hours)).toBe(false);
    expect(isOpenAt({ date: MONDAY, time: "17:59" }, hours)).toBe(true);
    expect(isOpenAt({ date: "2026-05-06", time: "10:00" }, hours)).toBe(false);
  });
});

describe("return-visit days and periods", () => {
  // Golden Week dates: holidays are left open here so these cases test the weekly hours alone.
  const hours: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-05-06"], openOnHolidays: true };
  const publicWindow = { horizonDays: RETURN_DATE_HORIZON_DAYS };

  it("offers open days from today up to 30 days on, skipping Sundays and closed dates", () => {
    const dates = openDaysFrom(hours, { date: MONDAY, time: "08:00" }, publicWindow);
    expect(dates[0]).toBe(MONDAY);
    expect(dates).not.toContain("2026-05-06");
    expect(dates).not.toContain("2026-05-10");
    expect(dates.at(-1)! <= addDays(MONDAY, 30)).toBe(true);
    expect(dates).toContain(addDays(MONDAY, 30)); // 2026-06-03, a Wednesday
    expect(dates.every((date) => weekdayOf(date) !== 0)).toBe(true);
  });

  it("leaves today out once its last period is over, and today's ended periods out before that", () => {
    expect(openDaysFrom(hours, { date: MONDAY, time: "18:00" }, publicWindow)[0]).toBe("2026-05-05");
    expect(periodsLeftOn(MONDAY, hours, { date: MONDAY, time: "13:30" }).map(formatPeriod)).toEqual(["14:00-18:00"]);
    expect(periodsLeftOn("2026-05-05", hours, { date: MONDAY, time: "13:30" }).map(formatPeriod)).toEqual([
      "09:00-13:00",
      "14:00-18:00",
    ]);
  });

  it("stops at the count of open days asked for, or at the horizon", () => {
    expect(openDaysFrom(hours, { date: MONDAY, time: "08:00" }, { horizonDays: 365, count: 3 })).toEqual([
      MONDAY,
      "2026-05-05",
      "2026-05-07",
    ]);
    expect(openDaysFrom(hours, { date: MONDAY, time: "08:00" }, { horizonDays: 1 })).toEqual([MONDAY, "2026-05-05"]);
  });

  it("has nothing to offer when the branch has no hours", () => {
    expect(
      openDaysFrom(
        { weekly: [], closedDates: [], openOnHolidays: false },
        { date: MONDAY, time: "08:00" },
        publicWindow,
      ),
    ).toEqual([]);
  });
});
