import { describe, expect, it } from "vitest";
import { parseJahis } from "../../src/files/jahis-parser.js";
import { DEFAULT_BUSINESS_HOURS } from "../../src/settings/settings.js";
import {
  closedDaysIn,
  closedDaysLabel,
  dispensedOnOf,
  nextDispensingWindow,
  refillReminderOn,
  repeatReceptionPath,
  windowLabel,
} from "../../src/follow-ups/next-dispensing.js";

/** A prescription's code with 28-day and 14-day 内服 RPs, a 頓服 of 10 times, and the records given. */
function codeWith(...records: string[]): string {
  return [
    "JAHIS10",
    "1,1,1234567,13,日薬クリニック",
    "5,,ﾆﾁﾔｸ ｲﾁﾛｳ,日薬 一郎",
    "11,,日薬 太郎,ﾆﾁﾔｸ ﾀﾛｳ",
    "51,20261120",
    ...records.filter((record) => !record.startsWith("102,")),
    "101,1,1,内服,28",
    ...records.filter((record) => record.startsWith("102,1,")),
    "111,1,1,1013044400000000,１日１回朝食後,1",
    "201,1,1,1,2,2171022F1020,ノルバスク錠２．５ｍｇ,1,1,錠",
    "101,2,1,内服,14",
    ...records.filter((record) => record.startsWith("102,2,")),
    "111,2,1,1013044400000000,１日１回朝食後,1",
    "201,2,1,1,2,2149039F1020,ブロプレス錠８　８ｍｇ,1,1,錠",
    "101,3,3,頓服,10",
    "111,3,1,1050110020000000,頭痛時,1",
    "201,3,1,1,2,1149019C1020,ロキソニン錠６０ｍｇ,1,1,錠",
  ].join("\r\n");
}

function rxOf(...records: string[]) {
  const rx = parseJahis(codeWith(...records));
  if (!rx) throw new Error("the sample code did not parse");
  return rx;
}

describe("next dispensing of a refill (record 64)", () => {
  it("opens 7 days before and closes 7 days after the day the longest 内服 supply runs out (頓服's times left out)", () => {
    expect(nextDispensingWindow(rxOf("64,3"), "2026-11-20")).toEqual({
      kind: "refill",
      runsOutOn: "2026-12-18",
      from: "2026-12-11",
      to: "2026-12-25",
      totalUses: 3,
    });
  });
  it("crosses a month and a year", () => {
    expect(nextDispensingWindow(rxOf("64,2"), "2026-12-20")).toMatchObject({
      runsOutOn: "2027-01-17",
      from: "2027-01-10",
      to: "2027-01-24",
    });
  });
  it("has none for a refill of one use, or without 内服 days", () => {
    expect(nextDispensingWindow(rxOf("64,1"), "2026-11-20")).toBeNull();
    expect(nextDispensingWindow({ rps: [], refill: { totalUses: 3 } }, "2026-11-20")).toBeNull();
  });
  it("reminds 3 days before the window opens", () => {
    expect(refillReminderOn({ from: "2026-12-11" })).toBe("2026-12-08");
  });
});

describe("next dispensing of a split prescription (records 63 and 102)", () => {
  it("is the day this part runs out, by record 102's days of this time", () => {
    expect(nextDispensingWindow(rxOf("63,3,1", "102,1,10,28", "102,2,7,14"), "2026-11-20")).toEqual({
      kind: "split",
      runsOutOn: "2026-11-27",
      from: "2026-11-27",
      to: "2026-11-27",
      part: { current: 1, total: 3 },
    });
  });
  it("by the RPs' days when only record 63 says it is split", () => {
    expect(nextDispensingWindow(rxOf("63,2,1"), "2026-11-20")).toMatchObject({
      kind: "split",
      runsOutOn: "2026-12-18",
    });
  });
  it("by record 102 alone", () => {
    expect(nextDispensingWindow(rxOf("102,1,14,28"), "2026-11-20")).toMatchObject({
      kind: "split",
      runsOutOn: "2026-12-04",
    });
    expect(nextDispensingWindow(rxOf("102,1,14,28"), "2026-11-20")?.part).toBeUndefined();
  });
  it("has none after the last part, even with record 102 (a refill's next use then)", () => {
    expect(nextDispensingWindow(rxOf("63,3,3"), "2026-11-20")).toBeNull();
    expect(nextDispensingWindow(rxOf("63,3,3", "64,2"), "2026-11-20")).toMatchObject({ kind: "refill" });
  });
  it("has none for an ordinary prescription", () => {
    expect(nextDispensingWindow(rxOf(), "2026-11-20")).toBeNull();
  });
});

describe("the reminder's words and link", () => {
  it("names the window's days", () => {
    expect(windowLabel({ from: "2026-12-11", to: "2026-12-25" }, "2026-11-20")).toBe("12月11日〜12月25日");
    expect(windowLabel({ from: "2026-11-27", to: "2026-11-27" }, "2026-11-20")).toBe("11月27日");
  });
  it("writes the year of a day in another year than today's", () => {
    expect(windowLabel({ from: "2026-12-25", to: "2027-01-08" }, "2026-12-18")).toBe("12月25日〜2027年1月8日");
    expect(windowLabel({ from: "2027-01-01", to: "2027-01-01" }, "2026-12-31")).toBe("2027年1月1日");
    expect(windowLabel({ from: "2026-12-25", to: "2027-01-08" }, "2027-01-02")).toBe("2026年12月25日〜1月8日");
  });
});

describe("a window's closed days", () => {
  it("are 元日, the other national holidays, the weekly closed days and the branch's own closed dates", () => {
    const window = { from: "2026-12-25", to: "2027-01-12" };
    expect(closedDaysIn(window, DEFAULT_BUSINESS_HOURS)).toEqual([
      "2026-12-27",
      "2027-01-01",
      "2027-01-03",
      "2027-01-10",
      "2027-01-11",
    ]);
    expect(
      closedDaysIn(window, { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-12-31"], openOnHolidays: true }),
    ).toEqual(["2026-12-27", "2026-12-31", "2027-01-03", "2027-01-10"]);
  });
  it("read 「休業日」 for a one-day window and name the days of a longer one", () => {
    expect(closedDaysLabel({ from: "2027-01-01", to: "2027-01-01" }, ["2027-01-01"], "2026-12-18")).toBe("休業日");
    expect(closedDaysLabel({ from: "2026-12-25", to: "2027-01-08" }, ["2026-12-27", "2027-01-01"], "2026-12-18")).toBe(
      "休業日 12月27日・2027年1月1日",
    );
    expect(closedDaysLabel({ from: "2026-12-25", to: "2027-01-08" }, [], "2026-12-18")).toBe("");
  });
  it("opens the branch's web reception with the repeat prescription chosen", () => {
    expect(repeatReceptionPath("abc123def")).toBe("/web/abc123def?repeat=1");
  });
});

describe("the day the next dispensing is counted from", () => {
  it("is the day it was handed over (Tokyo), else the reception's own day", () => {
    expect(dispensedOnOf({ receptionDate: "2026-11-30", handedOverAt: "2026-12-01T15:30:00.000Z" })).toBe("2026-12-02");
    expect(dispensedOnOf({ receptionDate: "2026-11-30", handedOverAt: null })).toBe("2026-11-30");
    expect(dispensedOnOf({ receptionDate: "2026-11-30" })).toBe("2026-11-30");
  });
});
