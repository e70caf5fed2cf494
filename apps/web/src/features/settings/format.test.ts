import { describe, expect, it } from "vitest";
import { startNumberEffectText } from "./format";

describe("settings wording", () => {
  it("says a new start number applies today when today has no reception yet", () => {
    expect(startNumberEffectText("2026-05-04", "2026-05-04")).toBe("本日から適用されます");
  });

  it("says tomorrow, with its date, when today already has receptions", () => {
    expect(startNumberEffectText("2026-05-05", "2026-05-04")).toBe(
      "本日はすでに受付があるため、明日（5月5日）から適用されます",
    );
  });
});
