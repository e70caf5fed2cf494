import { describe, expect, it } from "vitest";
import { numberWidthEm } from "./number-width";

describe("a number's drawn width", () => {
  it("grows with its digits, and a partition adds its smaller 「-n」", () => {
    const widths = [
      { receptionNumber: 7, partitionNumber: 0 },
      { receptionNumber: 12, partitionNumber: 0 },
      { receptionNumber: 123, partitionNumber: 0 },
      { receptionNumber: 123, partitionNumber: 2 },
      { receptionNumber: 123, partitionNumber: 12 },
    ].map(numberWidthEm);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(new Set(widths).size).toBe(widths.length);
    expect(numberWidthEm({ receptionNumber: 12, partitionNumber: 0 })).toBeCloseTo(1.4);
    expect(numberWidthEm({ receptionNumber: 12, partitionNumber: 2 })).toBeCloseTo(1.4 + 2 * 0.55 * 0.7);
  });
});
