import { describe, expect, it } from "vitest";
import { answerLabel } from "../../src/receptions/answer-labels.js";

describe("answer labels", () => {
  it("name a choice in Japanese", () => {
    expect(answerLabel("receiveMethod", "ReturnVisit")).toBe("後で取りに来る");
    expect(answerLabel("questionnaireType", "Web")).toBe("スマートフォンで入力");
  });

  it("write a return date in the staff app's date format", () => {
    expect(answerLabel("returnDate", "2026-11-23")).toBe("2026年11月23日（月）");
  });

  it("write a time period with 〜 and keep anything unknown as it is", () => {
    expect(answerLabel("returnTimePeriod", "09:00-13:00")).toBe("9:00〜13:00");
    expect(answerLabel("firstVisit", "maybe")).toBe("maybe");
  });
});
