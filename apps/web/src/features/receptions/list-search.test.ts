import { describe, expect, it } from "vitest";
import { isReceptionId, listDateOf } from "./list-search";

const TODAY = "2026-11-22";

describe("the day the list shows", () => {
  it("is today without a date, and a real past day as asked", () => {
    expect(listDateOf(undefined, TODAY)).toEqual({ date: TODAY });
    expect(listDateOf("2026-11-01", TODAY)).toEqual({ date: "2026-11-01" });
  });

  it("falls back to today, saying why, for a date that does not exist", () => {
    for (const raw of ["2026-13-45", "2026-02-30", "yesterday", "2026-1-5"]) {
      expect(listDateOf(raw, TODAY)).toEqual({ date: TODAY, notice: expect.stringContaining("日付が正しくない") });
    }
  });

  it("falls back to today for a future day, which has no receptions yet", () => {
    expect(listDateOf("2026-11-23", TODAY)).toEqual({ date: TODAY, notice: expect.stringContaining("先の日付") });
  });
});

describe("a receptionId from the address", () => {
  it("is looked up only when it can be a reception's id", () => {
    expect(isReceptionId("1b4e28ba-2fa1-41d2-883f-0016d3cca427")).toBe(true);
    expect(isReceptionId("garbage")).toBe(false);
    expect(isReceptionId(undefined)).toBe(false);
  });
});
