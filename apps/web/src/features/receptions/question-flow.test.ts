import { QuestionKeySchema, type QuestionKey } from "@pharmacy/contract/enums";
import { choiceValues, type ChoiceContext } from "@pharmacy/contract/question-rules";
import type { Answers } from "@pharmacy/contract/questions";
import { DEFAULT_BUSINESS_HOURS, type BusinessHours, type QuestionSetting } from "@pharmacy/contract/settings";
import { describe, expect, it } from "vitest";
import { canSkip, COUNTER_RETURN_DAYS, previewAnswerParams } from "./question-flow";

/** Every question enabled in catalogue order; `required` and overrides per key. */
function settings(overrides: Partial<Record<QuestionKey, Partial<QuestionSetting>>> = {}): QuestionSetting[] {
  return QuestionKeySchema.options.map((key, order) => ({
    key,
    enabled: true,
    required: false,
    order,
    ...overrides[key],
  }));
}

// 2026-05-01 is a Friday; the default hours: weekdays 09–13 and 14–18, Saturday 09–13, Sunday closed.
// These cases are about the weekly hours, so the branch opens on holidays (Golden Week starts 4 May).
const OPEN_ON_HOLIDAYS: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true };
const context: ChoiceContext = {
  enabledReceiveMethods: ["Pharmacy", "Locker", "Delivery", "ReturnVisit"],
  businessHours: OPEN_ON_HOLIDAYS,
  clock: { date: "2026-05-01", time: "10:00" },
  returnDays: COUNTER_RETURN_DAYS,
};

describe("required and optional", () => {
  it("optional questions can be skipped, required ones cannot", () => {
    const choices = [{ value: "x", label: "x" }];
    expect(canSkip({ key: "genericDrug", enabled: true, required: false, order: 0 }, choices)).toBe(true);
    expect(canSkip({ key: "prescriptionType", enabled: true, required: true, order: 0 }, choices)).toBe(false);
  });

  it("a required question with nothing to choose can be skipped", () => {
    expect(canSkip({ key: "returnDate", enabled: true, required: true, order: 0 }, [])).toBe(true);
  });
});

describe("the counter's return days", () => {
  it("offers the next 14 open days, today included while it has a period left", () => {
    const dates = choiceValues("returnDate", {}, context);
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe("2026-05-01");
    // Sunday 3 May is closed.
    expect(dates).not.toContain("2026-05-03");
    expect(dates.slice(0, 3)).toEqual(["2026-05-01", "2026-05-02", "2026-05-04"]);
  });

  it("leaves out closed dates and today once its last period is over", () => {
    const hours: BusinessHours = { ...OPEN_ON_HOLIDAYS, closedDates: ["2026-05-02"] };
    const dates = choiceValues(
      "returnDate",
      {},
      { ...context, businessHours: hours, clock: { date: "2026-05-01", time: "18:30" } },
    );
    expect(dates[0]).toBe("2026-05-04");
  });

  it("leaves out national holidays unless the branch opens on them", () => {
    const dates = choiceValues("returnDate", {}, { ...context, businessHours: DEFAULT_BUSINESS_HOURS });
    // 4 May みどりの日, 5 May こどもの日, 6 May 振替休日.
    expect(dates.slice(0, 3)).toEqual(["2026-05-01", "2026-05-02", "2026-05-07"]);
  });
});

describe("the ticket preview", () => {
  it("passes the answers in question order as key:value pairs", () => {
    const questions = settings({ genericDrug: { order: -1 } });
    const answers: Answers = {
      receiveMethod: "ReturnVisit",
      returnTimePeriod: "14:00-18:00",
      returnDate: "2026-05-04",
      genericDrug: "No",
    };
    expect(previewAnswerParams(questions, answers)).toEqual([
      "genericDrug:No",
      "receiveMethod:ReturnVisit",
      "returnDate:2026-05-04",
      "returnTimePeriod:14:00-18:00",
    ]);
  });
});
