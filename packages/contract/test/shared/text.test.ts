import { describe, expect, it } from "vitest";
import { UpdatePharmacySchema } from "../../src/pharmacy/pharmacy.js";
import { UpdateReceptionSchema } from "../../src/receptions/receptions.js";
import { isStorableText, TextSchema, UNUSABLE_CHARACTER_MESSAGE } from "../../src/shared/text.js";

describe("storable text", () => {
  it("refuses NUL and lone surrogates, keeps every other character including emoji and newlines", () => {
    for (const bad of ["a\u0000b", "\uD800", "x\uDC00", "\uDBFF\uDBFF\uDC00\uDC00x\uDC00"])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ["", "やまだ 太郎", "😀\n\t", "\uD83D\uDE00", "\u3000・ー"])
      expect(isStorableText(good), good).toBe(true);
  });

  it("is the start of the free-text fields, with a Japanese issue", () => {
    expect(TextSchema.safeParse("a\u0000").error?.issues[0]?.message).toBe(UNUSABLE_CHARACTER_MESSAGE);
    const pharmacy = UpdatePharmacySchema.safeParse({ name: "薬局\u0000", address: "東京\uD800", notice: "\uDC00" });
    expect(pharmacy.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", UNUSABLE_CHARACTER_MESSAGE],
      ["address", UNUSABLE_CHARACTER_MESSAGE],
      ["notice", UNUSABLE_CHARACTER_MESSAGE],
    ]);
    const reception = UpdateReceptionSchema.safeParse({
      id: "00000000-0000-4000-8000-000000000000",
      patientName: "\u0000",
    });
    expect(reception.error?.issues[0]?.message).toBe(UNUSABLE_CHARACTER_MESSAGE);
  });
});
