import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMedicationRecord, MedicationRecordSchema } from "../../src/files/medication-record.js";
import { parsePrescriptionCopy } from "../../src/files/prescription-copy.js";
import { parseJahis } from "../../src/files/jahis-parser.js";

/** Two dispensings in the shape of the JAHIS 電子版お薬手帳データフォーマット sample (Ver.2.x). */
const STICKER = [
  "JAHISTC08,1",
  "1,日薬 太郎,1,19600606,,,,,,,",
  "5,R081105,1",
  "11,さくら薬局 駅前店,13,4,1234567,,,,1",
  "15,薬剤師 花子,,1",
  "51,みなみ内科クリニック,13,1,1234567,1",
  "201,1,アムロジピン錠５ｍｇ「サワイ」,1,錠,2,620004992,1,,,",
  "301,1,【分1 朝食後服用】,28,日分,1,1,,1",
  "201,2,マグミット錠３３０ｍｇ,3,錠,2,620004993,1,,,",
  "201,2,ビオフェルミン錠剤,3,錠,2,620004994,1,,,",
  "301,2,【分3 毎食後服用】,14,日分,1,1,,1",
  "5,20261112,1",
  "11,ひまわり調剤薬局,13,4,7654321,,,,1",
  "201,1,カロナール錠２００,2,錠,2,620004995,1,,,",
  "301,1,疼痛時,10,回分,1,1,,1",
].join("\r\n");

describe("お薬手帳 codes (JAHISTC)", () => {
  const record = parseMedicationRecord(STICKER)!;

  it("reads each dispensing's date, pharmacy and medicines with their usage and days", () => {
    expect(MedicationRecordSchema.parse(record)).toEqual(record);
    expect(record.version).toBe("JAHISTC08");
    expect(record.entries).toEqual([
      {
        dispensedOn: "2026-11-05",
        pharmacy: "さくら薬局 駅前店",
        drugs: [
          { name: "アムロジピン錠５ｍｇ「サワイ」", amount: "1", unit: "錠", usage: "【分1 朝食後服用】", days: 28 },
          { name: "マグミット錠３３０ｍｇ", amount: "3", unit: "錠", usage: "【分3 毎食後服用】", days: 14 },
          { name: "ビオフェルミン錠剤", amount: "3", unit: "錠", usage: "【分3 毎食後服用】", days: 14 },
        ],
      },
      {
        dispensedOn: "2026-11-12",
        pharmacy: "ひまわり調剤薬局",
        drugs: [{ name: "カロナール錠２００", amount: "2", unit: "錠", usage: "疼痛時", days: null }],
      },
    ]);
  });

  it("is not a prescription, and a prescription is not a medication record", () => {
    expect(parseJahis(STICKER)).toBeNull();
    expect(parseMedicationRecord("JAHIS10\r\n1,1,1234567,13,日薬クリニック")).toBeNull();
    expect(parseMedicationRecord("")).toBeNull();
  });

  it("never throws, whatever follows the first line", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (rest) => {
        const read = parseMedicationRecord(`JAHISTC08,1\r\n${rest}`)!;
        MedicationRecordSchema.parse(read);
        expect(JSON.stringify(read)).not.toMatch(/\\u0000/);
      }),
      { numRuns: 300 },
    );
  });
});

describe("電子処方箋の控え", () => {
  it("reads the insurance fields, the birth date and the 引換番号 of the one-line UTF-8 layout", () => {
    expect(parsePrescriptionCopy("06139998,１２３,４５６７,01,19600606,1234567890123456\r\n")).toEqual({
      insurerNumber: "06139998",
      symbol: "１２３",
      number: "４５６７",
      branch: "01",
      birthDate: "1960-06-06",
      exchangeNumber: "1234567890123456",
      raw: "06139998,１２３,４５６７,01,19600606,1234567890123456\r\n",
    });
  });

  it("takes nothing else for a 控え", () => {
    for (const text of [
      "JAHIS10\r\n1,1,1234567,13,日薬クリニック",
      "1,2,3,4,5,6",
      "06139998,,1,,19600606,",
      "06139998,,1,,19600606,12ab",
      "https://example.jp/",
      "",
    ]) {
      expect(parsePrescriptionCopy(text), text).toBeNull();
    }
  });
});
