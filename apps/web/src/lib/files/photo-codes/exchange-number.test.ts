import { describe, expect, it } from "vitest";
import { exchangeNumberIn } from "./exchange-number";

const symbol = (bytes: Uint8Array, index = -1) => ({
  bytes: btoa(String.fromCharCode(...bytes)),
  index,
  size: index < 0 ? -1 : 2,
  id: "",
});
const utf8 = (text: string) => new TextEncoder().encode(text);
/** 日薬 in Shift_JIS: not UTF-8. */
const SHIFT_JIS_NAME = [0x93, 0xfa, 0x96, 0xf2];
/** The 控え's layout (packages/contract/JAHIS-LAYOUTS.md). */
const COPY = "06139998,１２３,４５６７,01,19600606,1234567890123456";

describe("the 引換番号 of an e-prescription 控え read in the browser", () => {
  it("is the 控え's last field, whichever of the photo's codes holds it", () => {
    const jahis = symbol(new Uint8Array([...utf8("JAHIS10\r\n1,1,1234567,13,"), ...SHIFT_JIS_NAME]));
    expect(exchangeNumberIn([jahis, symbol(utf8(COPY))])).toBe("1234567890123456");
  });

  it("is none for a prescription's code, a URL, bytes that are not UTF-8 or no code", () => {
    expect(exchangeNumberIn([symbol(utf8("JAHIS10\r\n51,20261120\r\n"))])).toBeUndefined();
    expect(exchangeNumberIn([symbol(utf8("https://example.jp/a,b,c,d,19600606,123"))])).toBeUndefined();
    expect(
      exchangeNumberIn([symbol(new Uint8Array([...utf8("06139998,1,2,01,19600606,"), ...SHIFT_JIS_NAME]))]),
    ).toBeUndefined();
    expect(exchangeNumberIn([])).toBeUndefined();
  });
});
