import { describe, expect, it } from "vitest";
import { percentile } from "./percentile.js";

describe("percentile", () => {
  it("takes the nearest rank: p95 of 1..100 is 95, p50 of four values is the second", () => {
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
  });

  it("gives the largest value for p100 and the smallest for a tiny p", () => {
    expect(percentile([1, 2, 3], 100)).toBe(3);
    expect(percentile([1, 2, 3], 1)).toBe(1);
  });

  it("is NaN for no values", () => {
    expect(percentile([], 50)).toBeNaN();
  });
});
