import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from "@pharmacy/contract/settings";
import { describe, expect, it } from "vitest";
import {
  addDays,
  formatMonthDay,
  formatPeriodText,
  openDaysFrom,
  pharmacyClock,
  returnDateChoices,
  returnPeriodChoices,
  weekdayOf,
} from "./business-days";

// 2026-05-04 is a Monday.
const MONDAY = "2026-05-04";

describe("business-day arithmetic", () => {
  it("counts weekdays and days on the calendar, across months and years", () => {
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf("2026-05-10")).toBe(0);
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("words dates and periods as Japanese patients read them", () => {
    expect(formatMonthDay(MONDAY)).toBe("5月4日（月）");
    expect(formatPeriodText({ start: "09:00", end: "13:00" })).toBe("9:00〜13:00");
  });

  it("reads today and the time now in Tokyo, whatever the device's zone", () => {
    // 2026-05-04 16:30 UTC is 2026-05-05 01:30 in Tokyo.
    expect(pharmacyClock(new Date("2026-05-04T16:30:00Z"))).toEqual({ today: "2026-05-05", now: "01:30" });
  });
});

describe("return-visit choices", () => {
  const hours: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-05-06"] };

  it("offers open days from today up to 30 days on, skipping Sundays and closed dates", () => {
    const dates = returnDateChoices(hours, { today: MONDAY, now: "08:00" });
    expect(dates[0]).toBe(MONDAY);
    expect(dates).not.toContain("2026-05-06");
    expect(dates).not.toContain("2026-05-10");
    expect(dates.at(-1)! <= addDays(MONDAY, 30)).toBe(true);
    expect(dates).toContain(addDays(MONDAY, 30)); // 2026-06-03, a Wednesday
    expect(dates.every((date) => weekdayOf(date) !== 0)).toBe(true);
  });

  it("leaves today out once its last period is over, and today's ended periods out before that", () => {
    expect(returnDateChoices(hours, { today: MONDAY, now: "18:00" })[0]).toBe("2026-05-05");
    expect(returnPeriodChoices(MONDAY, hours, { today: MONDAY, now: "13:30" })).toEqual(["14:00-18:00"]);
    expect(returnPeriodChoices("2026-05-05", hours, { today: MONDAY, now: "13:30" })).toEqual(["09:00-13:00", "14:00-18:00"]);
  });

  it("stops at the count of open days asked for, or at the horizon", () => {
    expect(openDaysFrom(hours, { today: MONDAY, now: "08:00" }, { horizonDays: 365, count: 3 })).toEqual([MONDAY, "2026-05-05", "2026-05-07"]);
    expect(openDaysFrom(hours, { today: MONDAY, now: "08:00" }, { horizonDays: 1 })).toEqual([MONDAY, "2026-05-05"]);
  });

  it("has nothing to offer when the branch has no hours", () => {
    expect(returnDateChoices({ weekly: [], closedDates: [] }, { today: MONDAY, now: "08:00" })).toEqual([]);
  });
});
