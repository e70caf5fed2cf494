import { PUBLIC_RETURN_DAYS, type ChoiceContext } from "@pharmacy/contract/receptions/question-rules";
import { DEFAULT_BUSINESS_HOURS } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import { questionChoices } from "./question-choices";

// 2026-05-01 is a Friday, 2026-05-04 a Monday; the default hours: weekdays 09–13 and 14–18, open on
// holidays here (4–6 May are holidays) as these cases are about labels.
const context: ChoiceContext = {
  enabledReceiveMethods: ["Pharmacy", "Locker", "Delivery", "ReturnVisit"],
  businessHours: { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true },
  clock: { date: "2026-05-01", time: "10:00" },
  returnDays: PUBLIC_RETURN_DAYS,
};
const monday: ChoiceContext = {
  ...context,
  enabledReceiveMethods: ["Pharmacy", "ReturnVisit"],
  clock: { date: "2026-05-04", time: "10:00" },
};

describe("answer buttons in Japanese", () => {
  it("offers every value of a question with its Japanese label", () => {
    expect(questionChoices("prescriptionType", {}, context)).toEqual([
      { value: "Paper", label: "紙の処方箋" },
      { value: "Electronic", label: "電子処方箋" },
      { value: "Forgot", label: "処方箋を忘れた" },
      { value: "DoNotHave", label: "処方箋を持っていない" },
    ]);
  });

  it("offers only the branch's receive methods, in catalogue order, with Japanese labels", () => {
    expect(questionChoices("receiveMethod", {}, monday)).toEqual([
      { value: "Pharmacy", label: "店内で待つ" },
      { value: "ReturnVisit", label: "後で取りに来る" },
    ]);
  });

  it("labels return days in Japanese", () => {
    const days = questionChoices("returnDate", {}, context);
    expect(days.slice(0, 3).map((day) => day.label)).toEqual([
      "今日 5月1日（金）",
      "明日 5月2日（土）",
      "5月4日（月）",
    ]);
  });

  it("marks today, on the counter and the visitor's phone alike, and words the periods as 9:00〜13:00", () => {
    expect(questionChoices("returnDate", {}, monday)[0]).toEqual({ value: "2026-05-04", label: "今日 5月4日（月）" });
    expect(
      questionChoices("returnTimePeriod", { receiveMethod: "ReturnVisit", returnDate: "2026-05-04" }, monday),
    ).toEqual([
      { value: "09:00-13:00", label: "9:00〜13:00" },
      { value: "14:00-18:00", label: "14:00〜18:00" },
    ]);
    expect(
      questionChoices(
        "returnTimePeriod",
        { receiveMethod: "ReturnVisit", returnDate: "2026-05-01" },
        { ...context, clock: { date: "2026-05-01", time: "13:30" } },
      ).map((choice) => choice.label),
    ).toEqual(["14:00〜18:00"]);
  });
});
