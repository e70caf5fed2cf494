import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import type { BusinessClock } from "@pharmacy/contract/calendar/business-calendar";
import { sayInJapanese } from "../../test-utils/say";
import * as labels from "./labels";

// The rules in Japanese words, as a Japanese reader sees them.
const numberLabelOf = (date: string, today: string) => sayInJapanese(labels.numberLabelOf("ja", date, today));
const sentNoticeOf = (hours: BusinessHours, clock: BusinessClock) =>
  sayInJapanese(labels.sentNoticeOf("ja", hours, clock));
const closedNoticeOf = (opening: BusinessClock | null) => sayInJapanese(labels.closedNoticeOf("ja", opening));
const handedOverDetailOf = (at: string, today: string) => sayInJapanese(labels.handedOverDetailOf("ja", at, today));
const closedNowTextOf = (hours: BusinessHours, clock: BusinessClock) =>
  sayInJapanese(labels.closedNowTextOf("ja", hours, clock));

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

describe("the closed page's word on when the pharmacy opens", () => {
  it("says today before the morning's opening (00:00–09:00, the UTC day before), tomorrow in the evening", () => {
    // Friday 2026-11-27, 03:00 in Tokyo
    expect(closedNowTextOf(weekdaysNineToSix, { date: "2026-11-27", time: "03:00" })).toBe(
      "ただいま営業時間外です。本日 9:00 から順に確認します",
    );
    // Wednesday 22:32 and just after midnight
    expect(closedNowTextOf(weekdaysNineToSix, { date: "2026-11-25", time: "22:32" })).toBe(
      "ただいま営業時間外です。明日 9:00 から順に確認します",
    );
    expect(closedNowTextOf(weekdaysNineToSix, { date: "2026-11-26", time: "00:00" })).toBe(
      "ただいま営業時間外です。本日 9:00 から順に確認します",
    );
  });

  it("names the day past a weekend, a national holiday and the branch's closed dates", () => {
    expect(closedNowTextOf(weekdaysNineToSix, { date: "2026-11-27", time: "22:00" })).toBe(
      "ただいま営業時間外です。11月30日（月）9:00 から順に確認します",
    );
    // Monday 2026-11-23 is 勤労感謝の日
    expect(closedNowTextOf(weekdaysNineToSix, { date: "2026-11-20", time: "19:00" })).toBe(
      "ただいま営業時間外です。11月24日（火）9:00 から順に確認します",
    );
    const closedTuesday = { ...weekdaysNineToSix, closedDates: ["2026-11-24"] };
    expect(closedNowTextOf(closedTuesday, { date: "2026-11-23", time: "12:00" })).toBe(
      "ただいま営業時間外です。11月25日（水）9:00 から順に確認します",
    );
  });

  it("says only that it is closed when no opening is set in the next month", () => {
    expect(closedNowTextOf({ ...weekdaysNineToSix, weekly: [] }, { date: "2026-11-27", time: "22:00" })).toBe(
      "ただいま営業時間外です。営業時間内に順番にご案内します",
    );
  });
});
