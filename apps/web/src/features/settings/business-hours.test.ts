import { DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import {
  addPeriod,
  businessHoursIssues,
  changePeriod,
  copyPeriodsToAllWeekdays,
  placedServerIssues,
  removeClosedDate,
  sameHours,
  setClosedDates,
  suggestedPeriod,
  toEditableHours,
} from "./business-hours";

const editable = toEditableHours(DEFAULT_BUSINESS_HOURS);

describe("the business-hours editor", () => {
  it("has one row per weekday, Monday first, closed Sunday with no periods", () => {
    expect(editable.weekly.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(editable.weekly.at(-1)!.periods).toEqual([]);
    expect(sameHours(editable, DEFAULT_BUSINESS_HOURS)).toBe(true);
  });

  it("copies one weekday's periods to every weekday", () => {
    const copied = copyPeriodsToAllWeekdays(editable, 6);
    for (const day of copied.weekly) expect(day.periods).toEqual([{ start: "09:00", end: "13:00" }]);
    // the copies are not shared objects
    expect(copied.weekly[0]!.periods[0]).not.toBe(copied.weekly[1]!.periods[0]);
    expect(copied.closedDates).toEqual(editable.closedDates);
  });

  it("copying a closed day closes every day", () => {
    expect(copyPeriodsToAllWeekdays(editable, 0).weekly.every((day) => day.periods.length === 0)).toBe(true);
  });

  it("suggests a new period after the last one, or a whole day on a closed day", () => {
    expect(suggestedPeriod([])).toEqual({ start: "09:00", end: "18:00" });
    expect(suggestedPeriod([{ start: "09:00", end: "13:00" }])).toEqual({ start: "14:00", end: "17:00" });
    expect(suggestedPeriod([{ start: "18:00", end: "22:00" }])).toEqual({ start: "23:00", end: "23:59" });
    const sunday = addPeriod(editable, 0).weekly.find((day) => day.weekday === 0)!;
    expect(sunday.periods).toEqual([{ start: "09:00", end: "18:00" }]);
  });

  it("reports the contract's inverted and overlapping periods at their paths", () => {
    const inverted = changePeriod(editable, 1, 0, { start: "13:00", end: "09:00" });
    expect(businessHoursIssues(inverted).get("weekly.0.periods.0.end")).toEqual([
      "終了時刻は開始時刻より後にしてください",
    ]);
    const overlapping = changePeriod(editable, 2, 1, { start: "12:00", end: "18:00" });
    expect(businessHoursIssues(overlapping).get("weekly.1.periods")).toEqual(["時間帯が重なっています"]);
    expect(businessHoursIssues(editable).size).toBe(0);
  });

  it("keeps closed dates sorted and unique, and removes one", () => {
    const withDates = setClosedDates(editable, ["2026-05-06", "2026-05-03", "2026-05-06"]);
    expect(withDates.closedDates).toEqual(["2026-05-03", "2026-05-06"]);
    expect(removeClosedDate(withDates, "2026-05-03").closedDates).toEqual(["2026-05-06"]);
    expect(sameHours(withDates, editable)).toBe(false);
  });
});

describe("the server's refusal of the hours", () => {
  it("places each message at its day, period or the closed dates, and keeps the rest for the alert", () => {
    const { byPlace, details } = placedServerIssues([
      { path: ["weekly", 2, "periods"], message: "重なっています" },
      { path: ["weekly", 2, "periods", 0, "start"], message: "開始時刻が不正です" },
      { path: ["weekly", 2, "periods"], message: "多すぎます" },
      { path: ["closedDates"], message: "日付が不正です" },
      { path: ["openOnHolidays"], message: "真偽値ではありません" },
      { path: ["weekly", 2], message: "曜日が不正です" },
    ]);
    expect(byPlace).toEqual(
      new Map([
        ["weekly.2.periods", ["重なっています", "多すぎます"]],
        ["weekly.2.periods.0.start", ["開始時刻が不正です"]],
        ["closedDates", ["日付が不正です"]],
      ]),
    );
    expect(details).toEqual(["真偽値ではありません", "曜日が不正です"]);
  });
});
