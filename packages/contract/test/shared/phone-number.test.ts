import { describe, expect, it } from "vitest";
import { formatPhoneNumber } from "../../src/shared/phone-number.js";

describe("phone numbers as they are read", () => {
  it("group mobile, Tokyo/Osaka, other landline and toll-free numbers", () => {
    expect(formatPhoneNumber("09011112205")).toBe("090-1111-2205");
    expect(formatPhoneNumber("0312345678")).toBe("03-1234-5678");
    expect(formatPhoneNumber("0451234567")).toBe("045-123-4567");
    expect(formatPhoneNumber("0120123456")).toBe("0120-123-456");
  });

  it("keep a number written with hyphens, or of another length, as it is", () => {
    expect(formatPhoneNumber("0299-12-3456")).toBe("0299-12-3456");
    expect(formatPhoneNumber("110")).toBe("110");
  });
});
