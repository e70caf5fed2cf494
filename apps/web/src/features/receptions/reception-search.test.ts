import { describe, expect, it } from "vitest";
import { makeReception } from "../../test-utils/receptions";
import { matchesReceptionSearch } from "./reception-search";

const yamada = makeReception({
  receptionNumber: 12,
  partitionNumber: 0,
  patientName: "ヤマダ タロウ",
  phone: "09011112205",
});

describe("searching the day's receptions", () => {
  it("finds a reception by its number, typed in half- or full-width digits", () => {
    expect(matchesReceptionSearch(yamada, "12")).toBe(true);
    expect(matchesReceptionSearch(yamada, "１２")).toBe(true);
    expect(matchesReceptionSearch(yamada, "1")).toBe(false);
  });

  it("finds a patient by name in katakana or hiragana, with or without the space", () => {
    expect(matchesReceptionSearch(yamada, "やまだ")).toBe(true);
    expect(matchesReceptionSearch(yamada, "ヤマダタロウ")).toBe(true);
    expect(matchesReceptionSearch(yamada, "サトウ")).toBe(false);
  });

  it("finds a patient by part of the phone number, hyphens or not", () => {
    expect(matchesReceptionSearch(yamada, "2205")).toBe(true);
    expect(matchesReceptionSearch(yamada, "090-1111")).toBe(true);
  });

  it("matches everything when nothing is typed", () => {
    expect(matchesReceptionSearch(yamada, "  ")).toBe(true);
  });
});
