import { describe, expect, it } from "vitest";
import { formatReceptionNumber } from "../../src/shared/formats.js";

describe("formats", () => {
  it("writes a partition as 12-1 and a lone number as 12", () => {
    expect(formatReceptionNumber(12, 0)).toBe("12");
    expect(formatReceptionNumber(12, 1)).toBe("12-1");
  });
});
