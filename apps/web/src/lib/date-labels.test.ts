import { describe, expect, it } from "vitest";
import { formatMonthDay, formatPeriodText, formatPeriodValue } from "./date-labels";

// 2026-05-04 is a Monday.
const MONDAY = "2026-05-04";

describe("dates and periods in Japanese", () => {
  it("words dates and periods as Japanese patients read them", () => {
    expect(formatMonthDay(MONDAY)).toBe("5月4日（月）");
    expect(formatMonthDay(MONDAY, "2026-12-31")).toBe("5月4日（月）");
    expect(formatMonthDay("2027-01-03", "2026-12-31")).toBe("2027年1月3日（日）");
    expect(formatMonthDay("2026-12-31", "2027-01-01")).toBe("2026年12月31日（木）");
    expect(formatPeriodText({ start: "09:00", end: "13:00" })).toBe("9:00〜13:00");
    expect(formatPeriodValue("14:00-18:00")).toBe("14:00〜18:00");
  });
});
