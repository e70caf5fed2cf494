import type { RxDrug, RxGroup } from "@pharmacy/contract/files/prescription-data";
import type { Prescription } from "@pharmacy/contract/receptions/receptions";
import { describe, expect, it } from "vitest";
import {
  drugAmount,
  drugName,
  formatRxDate,
  nextDispensingText,
  receptionValidityFlag,
  rpQuantity,
  rpSplit,
  rpUsage,
  sexLabel,
} from "./rx-format";

const drug = (fields: Partial<RxDrug>): RxDrug => ({
  code: "",
  codeType: "",
  name: "",
  amount: "",
  unit: "",
  notes: [],
  ...fields,
});
const rp = (fields: Partial<RxGroup>): RxGroup => ({
  rpNumber: 1,
  dosageForm: "内服",
  dosageFormCode: "1",
  days: 14,
  usage: "",
  usageCode: "",
  timesPerDay: null,
  usageNotes: [],
  drugs: [],
  ...fields,
});
const prescription = (usableUntil?: string): Prescription =>
  ({
    prescriptionId: "00000000-0000-4000-8000-000000000001",
    sourceType: "Paper",
    ...(usableUntil && { rx: { usableUntil } }),
  }) as Prescription;

describe("the prescription read from its code, as staff read it", () => {
  it("writes dates in Japanese, partial birth dates as far as they go", () => {
    expect(formatRxDate("2026-11-05")).toBe("2026年11月5日");
    expect(formatRxDate("1960-06")).toBe("1960年6月");
    expect(formatRxDate("1960")).toBe("1960年");
    expect(formatRxDate(null)).toBe("—");
  });

  it("names a drug by its code when the code printed no name, and joins amount and unit", () => {
    expect(drugName(drug({ name: "ノルバスク錠２．５ｍｇ", code: "2171022F1022" }))).toBe("ノルバスク錠２．５ｍｇ");
    expect(drugName(drug({ code: "612170709" }))).toBe("薬品コード 612170709");
    expect(drugAmount(drug({ amount: "1", unit: "錠" }))).toBe("1錠");
    expect(drugAmount(drug({}))).toBe("—");
  });

  it("counts days for 内服 and times for 頓服, and shows a bare quantity otherwise", () => {
    expect(rpQuantity(rp({ dosageFormCode: "1", days: 14 }))).toBe("14日分");
    expect(rpQuantity(rp({ dosageFormCode: "3", days: 5 }))).toBe("5回分");
    expect(rpQuantity(rp({ dosageFormCode: "5", days: 1 }))).toBe("数量 1");
    expect(rpQuantity(rp({ days: null }))).toBe("");
  });

  it("shows the usage by name, or by code, with its notes", () => {
    expect(rpUsage(rp({ usage: "1日1回朝食後", usageNotes: ["食直後"] }))).toBe("1日1回朝食後　食直後");
    expect(rpUsage(rp({ usageCode: "1013044400000000" }))).toBe("用法コード 1013044400000000");
    expect(rpUsage(rp({}))).toBe("");
    expect(sexLabel("female")).toBe("女性");
    expect(sexLabel(null)).toBe("");
  });

  it("flags a reception by the earliest last usable day of its read prescriptions", () => {
    const today = "2026-11-20";
    expect(receptionValidityFlag([prescription("2026-11-19")], today)).toBe("expired");
    expect(receptionValidityFlag([prescription("2026-11-23"), prescription("2026-11-20")], today)).toBe("lastDay");
    expect(receptionValidityFlag([prescription("2026-11-21")], today)).toBe("oneDayLeft");
    expect(receptionValidityFlag([prescription("2026-11-22")], today)).toBeNull();
    expect(receptionValidityFlag([prescription()], today)).toBeNull();
  });
});

describe("rpSplit", () => {
  it("says this time's days of the RP's total (record 102)", () => {
    expect(rpSplit({ days: 7, totalDays: 28 })).toBe("分割 今回7日分（全28日分）");
  });
});

describe("the next dispensing on the detail panel (docs/rules.md#continuity-of-care)", () => {
  it("names the window, the kind and which use or part comes next", () => {
    expect(
      nextDispensingText(
        {
          kind: "refill",
          runsOutOn: "2026-12-14",
          from: "2026-12-07",
          to: "2026-12-21",
          totalUses: 3,
        },
        "2026-11-20",
      ),
    ).toBe("12月7日〜12月21日（リフィル 全3回）");
    expect(
      nextDispensingText(
        {
          kind: "split",
          runsOutOn: "2026-12-07",
          from: "2026-12-07",
          to: "2026-12-07",
          part: { current: 1, total: 3 },
        },
        "2026-11-20",
      ),
    ).toBe("12月7日（分割調剤 3回中2回目）");
    expect(
      nextDispensingText(
        { kind: "split", runsOutOn: "2026-12-07", from: "2026-12-07", to: "2026-12-07" },
        "2026-11-20",
      ),
    ).toBe("12月7日（分割調剤）");
  });

  it("writes the year of a day in another year than today's (Tokyo)", () => {
    const window = {
      kind: "refill",
      runsOutOn: "2027-01-01",
      from: "2026-12-25",
      to: "2027-01-08",
      totalUses: 2,
    } as const;
    expect(nextDispensingText(window, "2026-12-18")).toBe("12月25日〜2027年1月8日（リフィル 全2回）");
    expect(nextDispensingText(window, "2027-01-04")).toBe("2026年12月25日〜1月8日（リフィル 全2回）");
  });
});
