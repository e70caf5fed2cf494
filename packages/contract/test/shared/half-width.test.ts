import { describe, expect, it } from "vitest";
import { ConfirmationCodeSchema } from "../../src/auth/auth.js";
import { toHalfWidthDigits } from "../../src/shared/half-width.js";
import {
  FaxNumberSchema,
  PhoneNumberSchema,
  PostalCodeSchema,
  ReceptionStartNumberSchema,
} from "../../src/pharmacy/pharmacy.js";
import { MobilePhoneSchema } from "../../src/public/public.js";
import { PhoneSchema } from "../../src/receptions/receptions.js";

describe("one normaliser for every numeric field", () => {
  it("turns full-width digits and long-vowel hyphens into ASCII", () => {
    expect(toHalfWidthDigits("０３ー１２３４－５６７８")).toBe("03-1234-5678");
  });

  it("lets every numeric schema accept full-width input", () => {
    expect(ConfirmationCodeSchema.parse("１２３４５６")).toBe("123456");
    expect(PhoneNumberSchema.parse("０３－１２３４－５６７８")).toBe("03-1234-5678");
    expect(FaxNumberSchema.parse("０３ー１２３４ー５６７９")).toBe("03-1234-5679");
    expect(PostalCodeSchema.parse("１２３ー４５６７")).toBe("1234567");
    expect(MobilePhoneSchema.parse("０９０ー１２３４ー５６７８")).toBe("09012345678");
    expect(ReceptionStartNumberSchema.parse("１０１")).toBe(101);
    // the staff's patient edit form, as the web form
    expect(PhoneSchema.parse("０９０ー１２３４ー５６７８")).toBe("090-1234-5678");
    expect(PhoneSchema.safeParse("０９０あ").success).toBe(false);
  });

  it("names the FAX number, not the phone number, when it is wrong", () => {
    expect(FaxNumberSchema.safeParse("abc").error?.issues[0]?.message).toMatch(/^FAX番号は/);
  });
});
