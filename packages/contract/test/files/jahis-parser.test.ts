import { describe, expect, it } from "vitest";
import { jahisDate } from "../../src/files/jahis-fields.js";
import { parseJahis } from "../../src/files/jahis-parser.js";
import { RxSchema } from "../../src/files/prescription-data.js";

const lines = (...records: string[]) => ["JAHIS10", ...records].join("\r\n") + "\r\n";

const FULL = lines(
  "1,1,1234567,13,日薬クリニック",
  "2,1130001,東京都文京区本駒込１－２－３",
  "3,03-1234-5678,03-1234-5679,info@example.jp",
  "4,1,01,内科",
  "5,,ﾆﾁﾔｸ ｲﾁﾛｳ,日薬 一郎",
  "11,,日薬 太郎,ﾆﾁﾔｸ ﾀﾛｳ",
  "12,1",
  "13,3350606",
  "14,",
  "21,1",
  "22,06139998",
  "23,１２３,４５６７,1,01",
  "24,30,70",
  "27,12345678,1234567",
  "51,20260410",
  "52,20260420",
  "62,1",
  "63,3,1",
  "64,3",
  "81,1,,後発品への変更可",
  "82,1,0000123456",
  "101,1,1,内服,14",
  "111,1,1,1013044400000000,１日１回朝食後,1",
  "181,1,1,1,食後すぐ,,",
  "201,1,1,1,2,2171022F1020,ノルバスク錠２．５ｍｇ,1,1,錠",
  "201,1,2,1,2,612170709,,4,1,錠",
  "281,1,1,1,1,粉砕不可",
  "241,1,1,1,1",
  "101,2,5,外用,1",
  "111,2,1,2W00000000000000,１日２回,2",
  "201,2,1,1,2,2649735S1030,モーラステープ２０ｍｇ,14,1,枚",
  "999,future,record",
);

describe("parseJahis reads every record kind", () => {
  const rx = parseJahis(FULL)!;

  it("gives a value the contract's schema accepts, keeping the payload as it came", () => {
    expect(RxSchema.parse(rx)).toEqual(rx);
    expect(rx.raw).toBe(FULL);
    expect(rx.version).toBe("JAHIS10");
  });

  it("reads the institution (1–4) and the doctor (5)", () => {
    expect(rx.institution).toEqual({
      code: "1234567",
      prefecture: "13",
      name: "日薬クリニック",
      postalCode: "1130001",
      address: "東京都文京区本駒込１－２－３",
      phone: "03-1234-5678",
      department: "内科",
    });
    expect(rx.doctor).toEqual({ name: "日薬 一郎", kana: "ﾆﾁﾔｸ ｲﾁﾛｳ" });
  });

  it("reads the patient (11–13) with an era birth date", () => {
    expect(rx.patient).toEqual({ name: "日薬 太郎", kana: "ﾆﾁﾔｸ ﾀﾛｳ", sex: "male", birthDate: "1960-06-06" });
  });

  it("reads the insurance (21–24) and public expenses (27–30)", () => {
    expect(rx.insurance).toEqual({
      kind: "1",
      insurerNumber: "06139998",
      symbol: "１２３",
      number: "４５６７",
      relation: "1",
      branch: "01",
      patientRate: "30",
      publicExpenses: [{ payerNumber: "12345678", recipientNumber: "1234567" }],
    });
  });

  it("reads the issue date (51), a later last day (52), 残薬確認 (62), 分割 (63), リフィル (64), 備考 (81), number (82)", () => {
    expect(rx.issuedOn).toBe("2026-04-10");
    expect(rx.usableUntil).toBe("2026-04-20");
    expect(rx.leftoverCheck).toBe("1");
    expect(rx.splitDispensing).toEqual({ total: 3, current: 1 });
    expect(rx.refill).toEqual({ totalUses: 3 });
    expect(rx.remarks).toEqual(["後発品への変更可"]);
    expect(rx.prescriptionNumber).toBe("0000123456");
  });

  it("groups RPs (101) with their usage (111, 181) and drugs (201, 281)", () => {
    expect(rx.rps).toHaveLength(2);
    const [first, second] = rx.rps;
    expect(first).toMatchObject({
      rpNumber: 1,
      dosageForm: "内服",
      dosageFormCode: "1",
      days: 14,
      usage: "１日１回朝食後",
      timesPerDay: 1,
      usageNotes: ["食後すぐ"],
    });
    expect(first!.drugs).toEqual([
      {
        codeType: "2",
        code: "2171022F1020",
        name: "ノルバスク錠２．５ｍｇ",
        amount: "1",
        unit: "錠",
        notes: ["粉砕不可"],
      },
      { codeType: "2", code: "612170709", name: "", amount: "4", unit: "錠", notes: [] },
    ]);
    expect(second).toMatchObject({ rpNumber: 2, dosageForm: "外用", days: 1, usage: "１日２回", timesPerDay: 2 });
    expect(second!.drugs[0]).toMatchObject({ name: "モーラステープ２０ｍｇ", amount: "14", unit: "枚" });
  });

  it("keeps the records it does not know as they came", () => {
    expect(rx.unknownRecords).toEqual(["241,1,1,1,1", "999,future,record"]);
  });
});

describe("dates", () => {
  it.each([
    ["20260410", "2026-04-10"],
    ["4160119", "2004-01-19"],
    ["3350606", "1960-06-06"],
    ["5080410", "2026-04-10"],
    ["1450730", "1912-07-30"],
    ["20112", "1912-12"],
    ["430", "2018"],
    ["20260230", null],
    ["R020410", "2020-04-10"],
    ["H160119", "2004-01-19"],
    ["6010101", null],
    ["4001010", null],
    ["", null],
    ["abc", null],
  ])("%s → %s", (value, expected) => {
    expect(jahisDate(value)).toBe(expected);
  });

  it("takes an era issue date and counts 4 days including it without record 52", () => {
    const rx = parseJahis(lines("51,5080410"))!;
    expect(rx.issuedOn).toBe("2026-04-10");
    expect(rx.usableUntil).toBe("2026-04-13");
  });

  it("never lets record 52 shorten the 4 days", () => {
    expect(parseJahis(lines("51,20260410", "52,20260411"))!.usableUntil).toBe("2026-04-13");
  });
});

describe("tolerance", () => {
  it("leaves empty fields empty and missing records at their defaults", () => {
    const rx = parseJahis(lines("1,,,,", "11,,,", "12,", "13,", "51,", "101,1,,,", "201,1,1,,,,,,,"))!;
    expect(rx.institution.name).toBe("");
    expect(rx.patient).toEqual({ name: "", kana: "", sex: null, birthDate: null });
    expect(rx.issuedOn).toBeNull();
    expect(rx.usableUntil).toBeNull();
    expect(rx.rps[0]).toMatchObject({ rpNumber: 1, days: null, drugs: [] });
    expect(rx.unknownRecords).toEqual(["201,1,1,,,,,,,"]);
    expect(rx.refill).toBeUndefined();
    expect(rx.splitDispensing).toBeUndefined();
  });

  it("reads an older version with LF line ends", () => {
    const rx = parseJahis("JAHIS5\n11,,日薬 花子,ﾆﾁﾔｸ ﾊﾅｺ\n12,2\n");
    expect(rx).toMatchObject({ version: "JAHIS5", patient: { name: "日薬 花子", sex: "female" } });
  });

  it("reads what is left of a payload cut in the middle of a record", () => {
    const cut = FULL.slice(0, FULL.indexOf("ノルバスク") + 3);
    const rx = parseJahis(cut)!;
    expect(rx.patient.name).toBe("日薬 太郎");
    expect(rx.rps[0]!.drugs[0]!.name).toBe("ノルバ");
  });

  it("gives null for something that is not a JAHIS payload, and never throws", () => {
    expect(parseJahis("")).toBeNull();
    expect(parseJahis("https://example.jp/")).toBeNull();
    expect(parseJahis("\u0000\uFFFD,,,\r\n1,2")).toBeNull();
    for (const junk of [
      "JAHIS10\r\n,,,,",
      "JAHIS10\r\n201",
      "JAHIS10\r\n281,9,9,x",
      "JAHIS10\r\n63,a,b\r\n64,-1",
      "JAHIS\r\n\r\n\r\n",
    ]) {
      expect(() => RxSchema.parse(parseJahis(junk))).not.toThrow();
    }
  });
});
