import { describe, expect, it } from "vitest";
import { nextOpening } from "../../src/calendar/business-calendar.js";
import { DEFAULT_BUSINESS_HOURS } from "../../src/settings/settings.js";

// DEFAULT_BUSINESS_HOURS: weekdays 09:00–13:00 and 14:00–18:00, Saturday 09:00–13:00, Sunday closed.
describe("the next opening of the pharmacy", () => {
  it("is none while a period is running", () => {
    expect(nextOpening(DEFAULT_BUSINESS_HOURS, { date: "2026-12-01", time: "10:00" })).toBeNull();
  });

  it("is the same morning at 1 a.m., and the afternoon during the lunch break", () => {
    expect(nextOpening(DEFAULT_BUSINESS_HOURS, { date: "2026-12-01", time: "01:00" })).toEqual({
      date: "2026-12-01",
      time: "09:00",
    });
    expect(nextOpening(DEFAULT_BUSINESS_HOURS, { date: "2026-12-01", time: "13:30" })).toEqual({
      date: "2026-12-01",
      time: "14:00",
    });
  });

  it("skips Sunday and closed dates after Saturday closing", () => {
    const hours = { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-12-07"] };
    expect(nextOpening(hours, { date: "2026-12-05", time: "13:00" })).toEqual({ date: "2026-12-08", time: "09:00" });
  });

  it("is none for a branch without any hours", () => {
    expect(
      nextOpening({ weekly: [], closedDates: [], openOnHolidays: false }, { date: "2026-12-01", time: "10:00" }),
    ).toBeNull();
  });
});
