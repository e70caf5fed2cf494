import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJahis } from "../../src/files/jahis-parser.js";
import { RxSchema, type Rx } from "../../src/files/prescription-data.js";

const lines = (...records: string[]) => ["JAHIS10", ...records].join("\r\n") + "\r\n";

/** A real printer's payload: no 点数表 in record 1, no 情報区分 in 201, records out of order, era dates. */
const VARIANT = [
  "JAHIS7",
  "1,1234567,13,みなみ内科クリニック",
  "2,113-0001,東京都文京区本駒込１－２－３",
  "5,ﾐﾅﾐ ｼﾞﾛｳ,南 次郎",
  "11,P0001,日薬 太郎,ﾆﾁﾔｸ ﾀﾛｳ",
  "13,S350606",
  "14,3",
  "25,1",
  "31,1112",
  "51,5081120",
  "61,第12345号",
  "201,1,1,2,2171022F1020,ノルバスク錠２．５ｍｇ,1,1,錠",
  "201,1,2,2,620004992,コリオパンカプセル５ｍｇ,2,1,カプセル",
  "281,3,1,1,1,粉砕不可",
  "101,1,1,内服,28",
  "102,1,7,28",
  "111,1,1,1013044400000000,１日１回朝食後,1",
  "201,2,1,2,1149019C1020,ロキソニン錠６０ｍｇ,3,1,錠",
  "101,2,1,内服,5",
].join("\r\n");

describe("a printer's variant layout is read by content", () => {
  const rx = parseJahis(VARIANT)!;

  it("reads record 1 without its 点数表 column and record 2 with a hyphenated postal code", () => {
    expect(rx.institution).toMatchObject({
      code: "1234567",
      prefecture: "13",
      name: "みなみ内科クリニック",
      postalCode: "113-0001",
      address: "東京都文京区本駒込１－２－３",
    });
  });

  it("reads 201 without 情報区分, with a 9-digit code, and drugs before their RP", () => {
    expect(rx.rps[0]!.drugs).toEqual([
      { codeType: "2", code: "2171022F1020", name: "ノルバスク錠２．５ｍｇ", amount: "1", unit: "錠", notes: [] },
      { codeType: "2", code: "620004992", name: "コリオパンカプセル５ｍｇ", amount: "2", unit: "カプセル", notes: [] },
    ]);
    expect(rx.rps[0]).toMatchObject({ dosageForm: "内服", days: 28, usage: "１日１回朝食後" });
    expect(rx.rps[1]!.drugs[0]).toMatchObject({ code: "1149019C1020", name: "ロキソニン錠６０ｍｇ" });
  });

  it("reads 102 as the RP's split, and 14, 25, 31, 61", () => {
    expect(rx.rps[0]!.split).toEqual({ days: 7, totalDays: 28 });
    expect(rx.rps[1]!.split).toBeUndefined();
    expect(rx).toMatchObject({
      burdenCategory: "3",
      occupationalReason: "1",
      receiptType: "1112",
      narcoticLicenseNumber: "第12345号",
    });
  });

  it("reads names without a code column, and era dates with a letter", () => {
    expect(rx.doctor).toEqual({ name: "南 次郎", kana: "ﾐﾅﾐ ｼﾞﾛｳ" });
    expect(rx.patient).toMatchObject({ name: "日薬 太郎", kana: "ﾆﾁﾔｸ ﾀﾛｳ", birthDate: "1960-06-06" });
    expect(rx.issuedOn).toBe("2026-11-20");
  });

  it("keeps a supplement whose drug is missing as an unknown record", () => {
    expect(rx.unknownRecords).toEqual(["281,3,1,1,1,粉砕不可"]);
  });

  it("never takes a name into a code field when a drug record has no code at all", () => {
    const read = parseJahis(lines("201,1,1,ノルバスク錠２．５ｍｇ,1,1,錠", "1,日薬クリニック", "2,東京都文京区"))!;
    expect(read.rps[0]!.drugs[0]).toMatchObject({ code: "", name: "ノルバスク錠２．５ｍｇ", amount: "1", unit: "錠" });
    expect(read.institution).toMatchObject({
      code: "",
      name: "日薬クリニック",
      postalCode: "",
      address: "東京都文京区",
    });
  });
});

describe("any text, no failure", () => {
  it("drops NUL and other control characters and cuts absurd lengths", () => {
    const rx = parseJahis(lines("11,,日薬\u0000 太郎\u0007,ﾆﾁﾔｸ ﾀﾛｳ", `81,1,,${"あ".repeat(5000)}`, "\u001b[31m"))!;
    expect(rx.patient.name).toBe("日薬 太郎");
    expect(JSON.stringify(rx)).not.toMatch(/\\u00(0|1)/);
    expect(rx.remarks[0]!.length).toBeLessThanOrEqual(200);
    expect(parseJahis(`JAHIS10\r\n${"9,".repeat(100_000)}`)!.raw.length).toBeLessThanOrEqual(48_000);
  });
});

/** Whether a value holds a kana or kanji: a name, never a code. */
const hasJapanese = (value: string) => /[\u3040-\u30FF\u4E00-\u9FFF\uFF61-\uFF9F]/.test(value);

function codeFields(rx: Rx): string[] {
  return [
    rx.institution.code,
    rx.institution.prefecture,
    rx.institution.postalCode,
    rx.insurance.insurerNumber,
    ...rx.rps.flatMap((rp) => [rp.usageCode, ...rp.drugs.flatMap((drug) => [drug.code, drug.codeType])]),
  ];
}

const NAMES = ["日薬クリニック", "ノルバスク錠２．５ｍｇ", "東京都文京区", "ﾆﾁﾔｸ ﾀﾛｳ", "内服", "錠", "１日１回朝食後"];
const VALUES = [
  "",
  "1",
  "2",
  "13",
  "1234567",
  "2171022F1020",
  "620004992",
  "20261120",
  "5081120",
  "113-0001",
  "0.5",
  ...NAMES,
];
const RECORD_NUMBERS = [
  "1",
  "2",
  "3",
  "4",
  "5",
  "11",
  "12",
  "13",
  "14",
  "21",
  "22",
  "23",
  "51",
  "52",
  "63",
  "64",
  "101",
  "102",
  "111",
  "181",
  "201",
  "281",
];

const recordLine = fc
  .tuple(
    fc.constantFrom(...RECORD_NUMBERS),
    fc.array(fc.oneof(fc.constantFrom(...VALUES), fc.string()), { maxLength: 10 }),
  )
  .map(([record, fields]) => [record, ...fields].join(","));
const payload = fc.array(recordLine, { maxLength: 30 }).map((records) => ["JAHIS10", ...records].join("\r\n"));

describe("properties", () => {
  it("no input throws, and what comes out is a valid Rx or null", () => {
    fc.assert(
      fc.property(fc.oneof(payload, fc.string(), fc.string({ unit: "binary" })), (text) => {
        const rx = parseJahis(text);
        if (rx !== null) RxSchema.parse(rx);
      }),
      { numRuns: 500 },
    );
  });

  it("a name never lands in a code field, whatever the columns", () => {
    fc.assert(
      fc.property(payload, (text) => {
        const rx = parseJahis(text)!;
        for (const value of codeFields(rx)) expect(hasJapanese(value), value).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("nothing the parser keeps holds a control character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (noise) => {
        const rx = parseJahis(`JAHIS10\r\n11,,${noise},\r\n201,1,1,1,2,${noise},${noise},1,1,錠\r\n${noise}`)!;
        expect(JSON.stringify(rx)).not.toMatch(/\\u00[01][0-9a-f]|\\ud[89a-f]/i);
      }),
      { numRuns: 300 },
    );
  });
});
