import { describe, expect, it } from "vitest";
import { qrSymbolsOf, structuredAppendParity, SYMBOL_MAX_BYTES, symbolLengthsOf } from "./qr-symbols";

describe("symbolLengthsOf", () => {
  it("keeps a payload that fits in one symbol whole", () => {
    expect(symbolLengthsOf(1)).toEqual([1]);
    expect(symbolLengthsOf(SYMBOL_MAX_BYTES)).toEqual([SYMBOL_MAX_BYTES]);
  });

  it("splits a longer payload into as few near-equal parts as fit, adding up to the whole", () => {
    const lengths = symbolLengthsOf(SYMBOL_MAX_BYTES * 2 + 1);
    expect(lengths).toHaveLength(3);
    expect(lengths.reduce((total, length) => total + length, 0)).toBe(SYMBOL_MAX_BYTES * 2 + 1);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(SYMBOL_MAX_BYTES);
  });
});

describe("structuredAppendParity", () => {
  it("is the XOR of every byte", () => {
    expect(structuredAppendParity(new Uint8Array([0x0f, 0xf0, 0x01]))).toBe(0xfe);
    expect(structuredAppendParity(new Uint8Array([]))).toBe(0);
  });
});

describe("qrSymbolsOf", () => {
  it("draws a short payload as one symbol", () => {
    const symbols = qrSymbolsOf(new Uint8Array(300).fill(0x41));
    expect(symbols.map(({ position, count }) => [position, count])).toEqual([[0, 1]]);
    expect(symbols[0]!.bitmap.size).toBeGreaterThanOrEqual(21);
  });

  it("draws a long payload as numbered symbols of one structured append", () => {
    const symbols = qrSymbolsOf(new Uint8Array(SYMBOL_MAX_BYTES + 10).fill(0x82));
    expect(symbols.map(({ position, count }) => [position, count])).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });
});
