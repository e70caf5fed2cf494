import { DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import { closedDaysAhead } from "./closed-days";

const holidays = [
  { date: "2026-11-03", name: "文化の日" },
  { date: "2026-11-23", name: "勤労感謝の日" },
];

describe("the closed days on the public page", () => {
  it("lists the branch's closed dates and the named holidays in the window, in date order", () => {
    const hours = { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-11-10", "2026-12-31"] };
    expect(closedDaysAhead({ businessHours: hours, holidays }, "2026-11-05", "2026-11-30")).toEqual([
      { date: "2026-11-10" },
      { date: "2026-11-23", name: "勤労感謝の日" },
    ]);
  });

  it("leaves the holidays out when the branch opens on them", () => {
    const hours = { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true };
    expect(closedDaysAhead({ businessHours: hours, holidays }, "2026-11-01", "2026-11-30")).toEqual([]);
  });
});
