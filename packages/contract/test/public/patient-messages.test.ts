import { describe, expect, it } from "vitest";
import { receiveGuidance } from "../../src/public/patient-messages.js";

describe("what the patient is told to do next", () => {
  it("calls a patient waiting in the pharmacy by number", () => {
    expect(receiveGuidance({ receiveMethod: "Pharmacy" })).toContain("受付番号でお呼びします");
    expect(receiveGuidance({})).toContain("受付番号でお呼びします");
  });

  it("asks a web patient who will wait in the pharmacy to give the number on arrival", () => {
    expect(receiveGuidance({ receiveMethod: "Pharmacy" }, "Web")).toBe(
      "薬局にお越しの際は、窓口で受付番号をお伝えください。",
    );
  });

  it("asks a patient coming back later to come on the chosen day and period, not to wait", () => {
    const text = receiveGuidance({
      receiveMethod: "ReturnVisit",
      returnDate: "2026-12-01",
      returnTimePeriod: "14:00-18:00",
    });
    expect(text).toBe("2026年12月01日（火）の14:00〜18:00にお越しください。お薬はそのときにお渡しします。");
    expect(text).not.toContain("お待ちください");
  });

  it("tells a delivery or locker patient how the medicine reaches them", () => {
    expect(receiveGuidance({ receiveMethod: "Delivery" })).toContain("お届けします");
    expect(receiveGuidance({ receiveMethod: "Locker" })).toContain("ロッカー");
  });
});
