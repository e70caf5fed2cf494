import { QuestionKeySchema } from "@pharmacy/contract/shared/enums";
import type { ChoiceContext } from "@pharmacy/contract/receptions/question-rules";
import { DEFAULT_BUSINESS_HOURS, type QuestionSetting } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import { COUNTER_RETURN_DAYS } from "../question-flow";
import { stepAfter, stepAfterAnswer, stepBefore } from "./counter-steps";

/** Every question enabled, in catalogue order. */
const questions: QuestionSetting[] = QuestionKeySchema.options.map((key, order) => ({
  key,
  enabled: true,
  required: false,
  order,
}));

// A Friday morning, open on weekdays.
const context: ChoiceContext = {
  enabledReceiveMethods: ["Pharmacy", "Locker", "Delivery", "ReturnVisit"],
  businessHours: { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true },
  clock: { date: "2026-05-01", time: "10:00" },
  returnDays: COUNTER_RETURN_DAYS,
};

const electronicWithCard = { prescriptionType: "Electronic", verifyMethod: "InsuranceCard" } as const;

describe("the counter's steps", () => {
  it("starts with the first question after the photos", () => {
    expect(stepAfter(questions, {}, undefined, context)).toEqual({ kind: "question", key: "prescriptionType" });
  });

  it("goes to the ticket preview once no question is left", () => {
    expect(stepAfter(questions, {}, "returnTimePeriod", context)).toEqual({ kind: "preview" });
  });

  it("asks for the 引換番号 after 資格確認書・保険証 for an e-prescription", () => {
    expect(stepAfterAnswer(questions, electronicWithCard, "verifyMethod", context)).toEqual({ kind: "exchange" });
    expect(
      stepAfterAnswer(
        questions,
        { prescriptionType: "Electronic", verifyMethod: "MyNumberCard" },
        "verifyMethod",
        context,
      ),
    ).toEqual({ kind: "question", key: "firstVisit" });
  });

  it("going back from the question after the 引換番号 returns to the 引換番号", () => {
    expect(stepBefore(questions, electronicWithCard, "firstVisit", context)).toEqual({ kind: "exchange" });
    expect(stepBefore(questions, { prescriptionType: "Paper" }, "firstVisit", context)).toEqual({
      kind: "question",
      key: "prescriptionType",
    });
  });

  it("going back from the first question returns to the photos", () => {
    expect(stepBefore(questions, {}, "prescriptionType", context)).toEqual({ kind: "photos" });
  });
});
