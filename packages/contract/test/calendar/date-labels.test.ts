import { describe, expect, it } from "vitest";
import {
  formatBusinessDateTime,
  formatCalendarDate,
  formatFullDate,
  formatMonthDate,
  formatMonthDay,
  formatPeriodText,
  formatPeriodValue,
  formatSlashDate,
  formatYearMonthDay,
  WEEKDAY_NAMES,
  WEEKDAY_ORDER,
} from "../../src/calendar/date-labels.js";

// 2026-05-04 is a Monday.
const MONDAY = "2026-05-04";

describe("dates in Japanese", () => {
  it("writes a business day in each of its forms", () => {
    expect(formatFullDate(MONDAY)).toBe("2026年05月04日（月）");
    expect(formatMonthDay(MONDAY)).toBe("5月4日（月）");
    expect(formatMonthDay(MONDAY, "2026-12-31")).toBe("5月4日（月）");
    expect(formatMonthDay("2027-01-03", "2026-12-31")).toBe("2027年1月3日（日）");
    expect(formatMonthDay("2026-12-31", "2027-01-01")).toBe("2026年12月31日（木）");
    expect(formatMonthDate(MONDAY)).toBe("5月4日");
    expect(formatSlashDate("2026-11-06")).toBe("11/6");
    expect(formatMonthDay("2026-11-27")).toBe("11月27日（金）");
  });

  it("writes a date without its weekday, a partial one as far as it goes", () => {
    expect(formatCalendarDate("2026-11-20")).toBe("2026年11月20日");
    expect(formatCalendarDate("1958-04")).toBe("1958年4月");
    expect(formatCalendarDate("1958")).toBe("1958年");
    expect(formatYearMonthDay("2026-05-03")).toBe("2026年5月3日（日）");
  });

  it("writes an instant's date and time at the pharmacy", () => {
    expect(formatBusinessDateTime(new Date("2026-05-01T00:30:00Z"))).toBe("2026年05月01日 09:30");
    // 15:00 UTC is already the next day in Tokyo
    expect(formatBusinessDateTime(new Date("2026-12-31T15:00:00Z"))).toBe("2027年01月01日 00:00");
  });

  it("names the weekdays Monday first", () => {
    expect(WEEKDAY_ORDER.map((weekday) => WEEKDAY_NAMES[weekday])).toEqual([
      "月曜日",
      "火曜日",
      "水曜日",
      "木曜日",
      "金曜日",
      "土曜日",
      "日曜日",
    ]);
  });
});

describe("periods in Japanese", () => {
  it("words periods as Japanese patients read them", () => {
    expect(formatPeriodText({ start: "09:00", end: "13:00" })).toBe("9:00〜13:00");
    expect(formatPeriodValue("14:00-18:00")).toBe("14:00〜18:00");
  });
});
