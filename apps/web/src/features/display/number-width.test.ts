import { describe, expect, it } from "vitest";
import { boardDayText, numberWidthEm } from "./number-width";

const n = (receptionNumber: number, partitionNumber = 0, withDay = false) => ({
  receptionNumber,
  partitionNumber,
  receptionDate: "2026-11-26",
  withDay,
});

describe("a number's drawn width", () => {
  it("grows with its digits, and a partition adds its smaller 「-n」", () => {
    const widths = [n(7), n(12), n(123), n(123, 2), n(123, 12)].map(numberWidthEm);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(new Set(widths).size).toBe(widths.length);
    expect(numberWidthEm(n(12))).toBeCloseTo(1.4);
    expect(numberWidthEm(n(12, 2))).toBeCloseTo(1.4 + 2 * 0.55 * 0.7);
  });

  it("an earlier day's number adds its smaller 「26日」", () => {
    expect(boardDayText(n(8, 0, true))).toBe("26日");
    expect(boardDayText({ ...n(8, 0, true), receptionDate: "2026-12-05" })).toBe("5日");
    expect(boardDayText(n(8))).toBeUndefined();
    expect(numberWidthEm(n(8, 0, true))).toBeCloseTo((2 * 0.7 + 1) * 0.5 + 0.12 + 0.7);
  });

  /*
   * display-page.module.css draws a number at min(1em, 95cqi / width). At 1920×1080 a preparing cell is
   * about 389 px wide with 173 px type, a ready cell about 462 px with 216 px type; digits are about
   * 0.72 of the type's size. 「26日 8」 keeps its digits at least 120 px tall in both.
   */
  it("「26日 8」 fits both panels' cells at 1920×1080 with digits of 120 px or more", () => {
    for (const { cell, type } of [
      { cell: 389, type: 173 },
      { cell: 462, type: 216 },
    ]) {
      const size = Math.min(type, (0.95 * cell) / numberWidthEm(n(8, 0, true)));
      expect(size * 0.72).toBeGreaterThanOrEqual(120);
    }
  });
});
