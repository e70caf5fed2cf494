import { describe, expect, it } from "vitest";
import {
  isCarriedOnto,
  isUncollected,
  noticesKeptUntil,
  pickupDateOf,
  webReceptionDay,
} from "../../src/receptions/across-days.js";
import type { BusinessHours } from "../../src/settings/settings.js";

const weekdaysNineToSix: BusinessHours = {
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, periods: [{ start: "09:00", end: "18:00" }] })),
  closedDates: [],
  openOnHolidays: false,
};

describe("the day a web reception belongs to", () => {
  it("is today while the branch is open", () => {
    expect(webReceptionDay(weekdaysNineToSix, { date: "2026-11-25", time: "10:00" })).toBe("2026-11-25");
  });
  it("is today before today's opening", () => {
    expect(webReceptionDay(weekdaysNineToSix, { date: "2026-11-25", time: "07:30" })).toBe("2026-11-25");
  });
  it("is the next opening day after closing, across a weekend and a holiday", () => {
    expect(webReceptionDay(weekdaysNineToSix, { date: "2026-11-25", time: "22:30" })).toBe("2026-11-26");
    expect(webReceptionDay(weekdaysNineToSix, { date: "2026-11-27", time: "22:30" })).toBe("2026-11-30");
    // 2026-11-23 is 勤労感謝の日 (a Monday)
    expect(webReceptionDay(weekdaysNineToSix, { date: "2026-11-21", time: "12:00" })).toBe("2026-11-24");
  });
  it("is today when the branch has no opening in the next month", () => {
    expect(
      webReceptionDay({ weekly: [], closedDates: [], openOnHolidays: false }, { date: "2026-11-25", time: "22:30" }),
    ).toBe("2026-11-25");
  });
});

describe("carrying and pickups", () => {
  const base = { receptionDate: "2026-11-25", answers: {} } as const;
  it("the pickup day is the return visit's date for 後で取りに来る, else the reception's day", () => {
    expect(pickupDateOf(base)).toBe("2026-11-25");
    expect(pickupDateOf({ ...base, answers: { receiveMethod: "ReturnVisit", returnDate: "2026-11-28" } })).toBe(
      "2026-11-28",
    );
    expect(pickupDateOf({ ...base, answers: { receiveMethod: "Pharmacy", returnDate: "2026-11-28" } })).toBe(
      "2026-11-25",
    );
  });
  it("carries an earlier unfinished reception, however old, and none of today's", () => {
    expect(isCarriedOnto({ ...base, status: null }, "2026-11-26")).toBe(true);
    expect(isCarriedOnto({ ...base, status: "Dispensing" }, "2027-02-01")).toBe(true);
    expect(isCarriedOnto({ ...base, status: null }, "2026-11-25")).toBe(false);
  });
  it("carries a completed one from its pickup day until it is handed over", () => {
    const later = {
      ...base,
      status: "Completed" as const,
      answers: { receiveMethod: "ReturnVisit" as const, returnDate: "2026-11-28" },
    };
    expect(isCarriedOnto(later, "2026-11-27")).toBe(false);
    expect(isCarriedOnto(later, "2026-11-28")).toBe(true);
    expect(isCarriedOnto({ ...later, handedOverAt: "2026-11-28T01:00:00.000Z" }, "2026-11-28")).toBe(false);
    expect(isCarriedOnto({ ...base, status: "Completed" }, "2026-11-26")).toBe(true);
  });
  it("flags 未受取 three days after the pickup day", () => {
    const ready = { ...base, status: "Completed" as const };
    expect(isUncollected(ready, "2026-11-27")).toBe(false);
    expect(isUncollected(ready, "2026-11-28")).toBe(true);
    expect(isUncollected({ ...ready, handedOverAt: "2026-11-26T01:00:00.000Z" }, "2026-12-10")).toBe(false);
  });
  it("keeps notices 14 days after the pickup day", () => {
    expect(noticesKeptUntil({ ...base, answers: { receiveMethod: "ReturnVisit", returnDate: "2026-11-28" } })).toBe(
      "2026-12-12",
    );
  });
});
