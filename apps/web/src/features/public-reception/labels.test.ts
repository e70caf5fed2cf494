import type { BusinessHours } from "@pharmacy/contract/settings";
import { describe, expect, it } from "vitest";
import { closedNoticeOf, handedOverDetailOf, numberLabelOf, sentNoticeOf } from "./labels";

const weekdaysNineToSix: BusinessHours = {
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, periods: [{ start: "09:00", end: "18:00" }] })),
  closedDates: [],
  openOnHolidays: false,
};

describe("which day and number the visitor is told", () => {
  it("names the day of a reception that is not today's", () => {
    expect(numberLabelOf("2026-11-26", "2026-11-26")).toBe("受付番号");
    expect(numberLabelOf("2026-11-27", "2026-11-26")).toBe("11月27日（金）の受付番号");
    expect(numberLabelOf("2026-11-25", "2026-11-26")).toBe("11月25日（水）の受付番号");
  });

  it("says when a reception sent while closed is looked at: the next opening", () => {
    expect(sentNoticeOf(weekdaysNineToSix, { date: "2026-11-26", time: "10:00" })).toBeUndefined();
    expect(sentNoticeOf(weekdaysNineToSix, { date: "2026-11-26", time: "22:30" })).toBe(
      "ただいま営業時間外です。11月27日（金）09:00の開店後に確認します。",
    );
    expect(sentNoticeOf(weekdaysNineToSix, { date: "2026-11-27", time: "22:30" })).toBe(
      "ただいま営業時間外です。11月30日（月）09:00の開店後に確認します。",
    );
    expect(closedNoticeOf(null)).toBe("ただいま営業時間外です。営業時間内に確認します。");
  });
});

describe("when the medicine was handed over", () => {
  it("says the time at the pharmacy, with the day when it is not today's (00:00–09:00 JST is the UTC day before)", () => {
    expect(handedOverDetailOf("2026-11-26T01:20:00.000Z", "2026-11-26")).toBe("10:20にお渡ししました。");
    expect(handedOverDetailOf("2026-11-26T01:20:00.000Z", "2026-11-29")).toBe("11月26日（木）10:20にお渡ししました。");
    // 2026-11-26 23:30 UTC is 08:30 on the 27th in Tokyo
    expect(handedOverDetailOf("2026-11-26T23:30:00.000Z", "2026-11-27")).toBe("08:30にお渡ししました。");
  });
});
