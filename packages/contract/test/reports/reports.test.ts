import { describe, expect, it } from "vitest";
import { REPORT_MAX_DAYS, ReportQuerySchema, reportDates } from "../../src/reports/reports.js";

describe("report periods", () => {
  it("lists every day of the period, across months and a leap day", () => {
    expect(reportDates("2028-02-27", "2028-03-01")).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(reportDates("2026-12-31", "2026-12-31")).toEqual(["2026-12-31"]);
    expect(reportDates("2028-01-01", "2028-12-31")).toHaveLength(REPORT_MAX_DAYS);
  });

  it("takes existing dates in order, up to 366 days, and nothing else", () => {
    expect(ReportQuerySchema.safeParse({ from: "2028-01-01", to: "2028-12-31" }).success).toBe(true);
    for (const query of [
      { from: "2027-01-01", to: "2028-01-02" },
      { from: "2026-06-02", to: "2026-06-01" },
      { from: "2026-02-29", to: "2026-03-01" },
      { from: "2026-06-01" },
      { from: "2026-06-01", to: "2026-06-02", page: "1" },
    ]) {
      expect(ReportQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
