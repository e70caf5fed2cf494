import { describe, expect, it } from "vitest";
import { encodeShiftJis } from "./shift-jis";

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
const fromHex = (text: string) => new Uint8Array(text.match(/../g)!.map((pair) => parseInt(pair, 16)));

describe("encodeShiftJis", () => {
  it("gives back the bytes a JAHIS payload was decoded from: ASCII, kanji, full-width and half-width kana", () => {
    const original = fromHex("4a41484953310d0a3131" + "2c2c93fa96f2814091be9859" + "2cc6c1d4b820c0dbb3");
    const text = new TextDecoder("shift_jis").decode(original);
    expect(text).toBe("JAHIS1\r\n11,,日薬　太郎,ﾆﾁﾔｸ ﾀﾛｳ");
    expect(hex(encodeShiftJis(text))).toBe(hex(original));
  });

  it("writes the JIS code of a character that the NEC extension also holds", () => {
    // ∵ is 81E6 in JIS X 0208 and 879A in the NEC row 13: printers write the former.
    expect(hex(encodeShiftJis("∵"))).toBe("81e6");
    expect(hex(encodeShiftJis("①"))).toBe("8740");
  });

  it("turns a character Shift_JIS cannot hold into a question mark", () => {
    expect(hex(encodeShiftJis("a😀"))).toBe("613f");
  });
});
