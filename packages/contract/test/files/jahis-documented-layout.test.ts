import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJahis } from "../../src/files/jahis-parser.js";

/**
 * The layout of JAHIS.md (Ver.1.10) as real prescriptions print it: optional fields present but empty.
 * Every drug and every usage must survive, and nothing must fall into `unknownRecords`.
 */

/** An injection prescription whose 201 leaves 情報区分 empty (`201,1,1,,4,<YJ>,…`). */
const EMPTY_INFO_KIND = [
  "JAHIS10",
  "1,1,1234567,13,日薬記念病院",
  "2,1130001,東京都文京区本駒込１－２－３",
  "4,1,01,内科",
  "5,,ﾐﾅﾐ ｼﾞﾛｳ,南 次郎",
  "11,,日薬 太郎,ﾆﾁﾔｸ ﾀﾛｳ",
  "12,1",
  "13,19600606",
  "21,1",
  "22,06132013",
  "23,１２３,４５６７,1,",
  "51,20261120",
  "101,1,5,注射,1",
  "111,1,1,,１日１回朝食直前",
  "201,1,1,,4,2492413G4027,ヒューマログ注ミリオペン,4,1,キット",
  "201,1,2,,4,3339950A5085,ペンニードル３２Ｇ,70,1,本",
].join("\r\n");

/** A usage record without its 用法コード, the name in the code's place (`111,1,1,１日１回注射`). */
const USAGE_WITHOUT_CODE = [
  "JAHIS10",
  "1,1,1234567,13,日薬記念病院",
  "5,,ﾐﾅﾐ ｼﾞﾛｳ,南 次郎",
  "11,,日薬 花子,ﾆﾁﾔｸ ﾊﾅｺ",
  "51,20261120",
  "101,1,5,注射,1",
  "111,1,1,１日１回注射",
  "201,1,1,1,4,2492413G4027,ヒューマログ注ミリオペン,2,1,キット",
].join("\r\n");

describe("the documented layout with empty optional fields", () => {
  it("keeps a drug whose 情報区分 is empty, with its code, name, amount and unit", () => {
    const rx = parseJahis(EMPTY_INFO_KIND)!;
    expect(rx.unknownRecords).toEqual([]);
    expect(rx.rps).toHaveLength(1);
    expect(rx.rps[0]).toMatchObject({ dosageForm: "注射", usage: "１日１回朝食直前", usageCode: "" });
    expect(rx.rps[0]!.drugs).toEqual([
      { codeType: "4", code: "2492413G4027", name: "ヒューマログ注ミリオペン", amount: "4", unit: "キット", notes: [] },
      { codeType: "4", code: "3339950A5085", name: "ペンニードル３２Ｇ", amount: "70", unit: "本", notes: [] },
    ]);
  });

  it("reads a usage whose 用法コード column is missing: the name, never a code", () => {
    const rx = parseJahis(USAGE_WITHOUT_CODE)!;
    expect(rx.unknownRecords).toEqual([]);
    expect(rx.rps[0]).toMatchObject({ usage: "１日１回注射", usageCode: "", timesPerDay: null });
    expect(rx.rps[0]!.drugs[0]).toMatchObject({ code: "2492413G4027", name: "ヒューマログ注ミリオペン" });
  });
});

const NAMES = ["ヒューマログ注ミリオペン", "ノルバスク錠２．５ｍｇ", "ロキソニン錠６０ｍｇ", "ｱﾑﾛｼﾞﾋﾟﾝ錠5mg"];
const CODES = ["2492413G4027", "2171022F1020", "620004992", "612170709", "1149019C1020"];
const UNITS = ["錠", "キット", "カプセル", "mL", "本", "g"];

const drugColumns = fc
  .record({
    rp: fc.integer({ min: 1, max: 9 }),
    seq: fc.integer({ min: 1, max: 9 }),
    infoKind: fc.constantFrom("", "1", "2"),
    codeType: fc.constantFrom("", "1", "2", "3", "4", "6"),
    code: fc.constantFrom("", ...CODES),
    name: fc.constantFrom("", ...NAMES),
    amount: fc.constantFrom("", "1", "0.5", "4", "70"),
    potency: fc.constantFrom("", "1", "2"),
    unit: fc.constantFrom("", ...UNITS),
  })
  .filter((drug) => drug.code !== "" || drug.name !== "");

type DrugColumns = typeof drugColumns extends fc.Arbitrary<infer T> ? T : never;

const drugLine = (d: DrugColumns) =>
  ["201", d.rp, d.seq, d.infoKind, d.codeType, d.code, d.name, d.amount, d.potency, d.unit].join(",");

describe("properties of the documented layout", () => {
  it("any 201 in JAHIS.md's columns, optional fields empty or not, keeps its drug as printed", () => {
    fc.assert(
      fc.property(drugColumns, (drug) => {
        const rx = parseJahis(`JAHIS10\r\n101,${drug.rp},1,内服,7\r\n${drugLine(drug)}\r\n`)!;
        expect(rx.unknownRecords).toEqual([]);
        expect(rx.rps[0]!.drugs).toEqual([
          {
            codeType: drug.codeType,
            code: drug.code,
            name: drug.name,
            amount: drug.amount,
            unit: drug.unit,
            notes: [],
          },
        ]);
      }),
      { numRuns: 1000 },
    );
  });

  it("a whole payload of such records keeps every drug", () => {
    fc.assert(
      fc.property(fc.array(drugColumns, { minLength: 1, maxLength: 12 }), (list) => {
        const rx = parseJahis(["JAHIS10", ...list.map(drugLine)].join("\r\n"))!;
        expect(rx.unknownRecords).toEqual([]);
        const kept = rx.rps.flatMap((rp) => rp.drugs.map((drug) => `${rp.rpNumber}:${drug.code}:${drug.name}`));
        expect(kept.sort()).toEqual(list.map((d) => `${d.rp}:${d.code}:${d.name}`).sort());
      }),
      { numRuns: 300 },
    );
  });

  it("any 111 in JAHIS.md's columns, code columns empty or missing, keeps its usage name", () => {
    const usage = fc.record({
      codeKind: fc.constantFrom("", "1", "2"),
      code: fc.constantFrom(undefined, "", "1013044400000000", "10"),
      name: fc.constantFrom("１日１回注射", "１日３回毎食後", "疼痛時", "ｼｮｸｺﾞ"),
      times: fc.constantFrom("", "1", "3"),
    });
    fc.assert(
      fc.property(usage, (u) => {
        const columns = u.code === undefined ? [u.codeKind, u.name] : [u.codeKind, u.code, u.name, u.times];
        const rx = parseJahis(`JAHIS10\r\n111,1,${columns.join(",")}\r\n`)!;
        expect(rx.rps[0]).toMatchObject({ usage: u.name, usageCode: u.code ?? "" });
        if (u.code !== undefined) expect(rx.rps[0]!.timesPerDay).toBe(u.times === "" ? null : Number(u.times));
      }),
      { numRuns: 500 },
    );
  });
});
