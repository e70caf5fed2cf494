import { describe, expect, it } from "vitest";
import { groupedKey } from "./manual-key";

describe("groupedKey", () => {
  it("splits the secret into groups of four, upper case", () => {
    expect(groupedKey("jbswy3dpehpk3pxp")).toBe("JBSW Y3DP EHPK 3PXP");
  });
  it("keeps a short last group", () => {
    expect(groupedKey("ABCDEF")).toBe("ABCD EF");
  });
});
