import { describe, expect, it } from "vitest";
import { isClosedDate, periodsOn } from "../../src/calendar/business-calendar.js";
import { holidayName, holidaysBetween } from "../../src/calendar/holidays.js";
import { DEFAULT_BUSINESS_HOURS } from "../../src/settings/settings.js";
import {
  ExchangeNumberSchema,
  isReturnDateAfterUsable,
  lastUsableDayOf,
  usableUntilOf,
  validityFlagOf,
} from "../../src/files/prescription-data.js";

describe("the last usable day", () => {
  it("is the issue date plus 3 days (4 days including it)", () => {
    expect(usableUntilOf("2026-04-10")).toBe("2026-04-13");
    expect(usableUntilOf("2026-12-30")).toBe("2027-01-02");
  });

  it("is record 52's date when the doctor set a later one, never an earlier one", () => {
    expect(usableUntilOf("2026-04-10", "2026-04-20")).toBe("2026-04-20");
    expect(usableUntilOf("2026-04-10", "2026-04-11")).toBe("2026-04-13");
  });

  it("of a reception is the earliest among its read prescriptions", () => {
    const prescriptions = [
      {},
      { rx: { usableUntil: "2026-04-15" } },
      { rx: { usableUntil: "2026-04-13" } },
      { rx: { usableUntil: null } },
    ];
    expect(lastUsableDayOf(prescriptions)).toBe("2026-04-13");
    expect(lastUsableDayOf([{}])).toBeUndefined();
    expect(isReturnDateAfterUsable("2026-04-14", prescriptions)).toBe(true);
    expect(isReturnDateAfterUsable("2026-04-13", prescriptions)).toBe(false);
    expect(isReturnDateAfterUsable("2027-01-01", [{}])).toBe(false);
  });
});

describe("validity flags on the business day", () => {
  it.each([
    ["2026-04-12", "expired"],
    ["2026-04-13", "lastDay"],
    ["2026-04-14", "oneDayLeft"],
    ["2026-04-15", null],
  ])("usable until %s, seen on 2026-04-13: %s", (usableUntil, flag) => {
    expect(validityFlagOf(usableUntil, { date: "2026-04-13" })).toBe(flag);
  });
});

describe("the 引換番号", () => {
  it("accepts full-width digits, spaces and hyphens, and keeps digits only", () => {
    expect(ExchangeNumberSchema.parse("１２３４ ５６７８－９０")).toBe("1234567890");
    expect(ExchangeNumberSchema.parse("")).toBe("");
  });

  it("refuses letters and over-long numbers", () => {
    expect(ExchangeNumberSchema.safeParse("12a4").success).toBe(false);
    expect(ExchangeNumberSchema.safeParse("1".repeat(21)).success).toBe(false);
  });
});

describe("national holidays", () => {
  it("are named from the holiday package", () => {
    expect(holidayName("2026-11-23")).toBe("勤労感謝の日");
    expect(holidayName("2026-11-24")).toBeUndefined();
    expect(holidaysBetween("2026-05-01", "2026-05-07").map((holiday) => holiday.date)).toEqual([
      "2026-05-03",
      "2026-05-04",
      "2026-05-05",
      "2026-05-06",
    ]);
  });

  it("are closed by default and open with 祝日も営業する", () => {
    expect(isClosedDate("2026-11-23", DEFAULT_BUSINESS_HOURS)).toBe(true);
    expect(periodsOn("2026-11-23", DEFAULT_BUSINESS_HOURS)).toEqual([]);
    const open = { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true };
    expect(isClosedDate("2026-11-23", open)).toBe(false);
    expect(periodsOn("2026-11-23", open)).toHaveLength(2);
  });
});
