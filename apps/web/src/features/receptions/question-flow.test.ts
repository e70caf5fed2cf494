import { QuestionKeySchema, type QuestionKey } from "@pharmacy/contract/enums";
import type { Answers } from "@pharmacy/contract/questions";
import { DEFAULT_BUSINESS_HOURS, type BusinessHours, type QuestionSetting } from "@pharmacy/contract/settings";
import { describe, expect, it } from "vitest";
import {
  answerQuestion,
  applicableQuestions,
  canSkip,
  nextQuestion,
  orderedAnswers,
  previewAnswerParams,
  previousQuestion,
  pruneAnswers,
  questionChoices,
  questionPosition,
  returnDateOptions,
  skipQuestion,
  type ChoiceContext,
} from "./question-flow";

/** Every question enabled in catalogue order; `required` and overrides per key. */
function settings(overrides: Partial<Record<QuestionKey, Partial<QuestionSetting>>> = {}): QuestionSetting[] {
  return QuestionKeySchema.options.map((key, order) => ({ key, enabled: true, required: false, order, ...overrides[key] }));
}

/** Walks the flow answering with `answers` (skipping what has no answer) and lists the keys asked. */
function walk(questions: QuestionSetting[], answers: Answers): QuestionKey[] {
  const asked: QuestionKey[] = [];
  let given: Answers = {};
  let current = nextQuestion(questions, given);
  while (current) {
    asked.push(current.key);
    const value = answers[current.key];
    given = value === undefined ? skipQuestion(questions, given, current.key) : answerQuestion(questions, given, current.key, value);
    current = nextQuestion(questions, given, current.key);
  }
  return asked;
}

// 2026-05-01 is a Friday; the default hours: weekdays 09–13 and 14–18, Saturday 09–13, Sunday closed.
const context: ChoiceContext = {
  enabledReceiveMethods: ["Pharmacy", "Locker", "Delivery", "ReturnVisit"],
  businessHours: DEFAULT_BUSINESS_HOURS,
  today: "2026-05-01",
  now: "10:00",
};

describe("the order of the questions", () => {
  it("asks the enabled questions in the configured order", () => {
    const questions = settings({ genericDrug: { order: 0 }, prescriptionType: { order: 5 } });
    expect(walk(questions, { prescriptionType: "Paper", firstVisit: "no", receiveMethod: "Pharmacy" })).toEqual([
      "genericDrug",
      "firstVisit",
      "medicineNotebook",
      "prescriptionType",
      "leftoverMedicine",
      "receiveMethod",
    ]);
  });

  it("skips disabled questions", () => {
    const questions = settings({ firstVisit: { enabled: false }, genericDrug: { enabled: false } });
    const asked = walk(questions, { prescriptionType: "Paper", receiveMethod: "Pharmacy" });
    expect(asked).not.toContain("firstVisit");
    expect(asked).not.toContain("genericDrug");
    expect(asked).not.toContain("questionnaireType");
  });

  it("with nothing enabled there is no question at all", () => {
    const questions = QuestionKeySchema.options.map((key, order) => ({ key, enabled: false, required: false, order }));
    expect(nextQuestion(questions, {})).toBeUndefined();
  });
});

describe("conditions", () => {
  const questions = settings();

  it("asks the verification method only for an electronic prescription", () => {
    expect(walk(questions, { prescriptionType: "Electronic" })).toContain("verifyMethod");
    expect(walk(questions, { prescriptionType: "Paper" })).not.toContain("verifyMethod");
  });

  it("asks how to fill in the questionnaire only on a first visit", () => {
    expect(walk(questions, { firstVisit: "yes" })).toContain("questionnaireType");
    expect(walk(questions, { firstVisit: "no" })).not.toContain("questionnaireType");
  });

  it("asks the return day and period only for a later visit", () => {
    const later = walk(questions, { receiveMethod: "ReturnVisit", returnDate: "2026-05-01", returnTimePeriod: "14:00-18:00" });
    expect(later.slice(-3)).toEqual(["receiveMethod", "returnDate", "returnTimePeriod"]);
    expect(walk(questions, { receiveMethod: "Pharmacy" })).not.toContain("returnDate");
  });

  it("a question placed before the one it depends on is skipped", () => {
    const reordered = settings({ verifyMethod: { order: -1 } });
    expect(walk(reordered, { prescriptionType: "Electronic", verifyMethod: "MyNumberCard" })).not.toContain("verifyMethod");
  });

  it("changing an answer drops the answers that no longer apply, along the chain", () => {
    let answers: Answers = {};
    answers = answerQuestion(questions, answers, "receiveMethod", "ReturnVisit");
    answers = answerQuestion(questions, answers, "returnDate", "2026-05-01");
    answers = answerQuestion(questions, answers, "returnTimePeriod", "14:00-18:00");
    answers = answerQuestion(questions, answers, "receiveMethod", "Locker");
    expect(answers).toEqual({ receiveMethod: "Locker" });
  });

  it("drops answers of disabled questions", () => {
    expect(pruneAnswers(settings({ genericDrug: { enabled: false } }), { genericDrug: "Yes", firstVisit: "no" })).toEqual({ firstVisit: "no" });
  });
});

describe("going back", () => {
  const questions = settings();

  it("goes back to the previous question that applies", () => {
    const answers: Answers = { prescriptionType: "Paper", firstVisit: "no" };
    expect(previousQuestion(questions, answers, "medicineNotebook")?.key).toBe("firstVisit");
    expect(previousQuestion(questions, answers, "firstVisit")?.key).toBe("prescriptionType");
  });

  it("before the first question there is none (back to the photos)", () => {
    expect(previousQuestion(questions, {}, "prescriptionType")).toBeUndefined();
  });

  it("from the preview, goes back to the last question asked", () => {
    expect(previousQuestion(questions, { receiveMethod: "ReturnVisit" })?.key).toBe("returnTimePeriod");
    expect(previousQuestion(questions, { receiveMethod: "Pharmacy" })?.key).toBe("receiveMethod");
  });
});

describe("required and optional", () => {
  it("optional questions can be skipped, required ones cannot", () => {
    const choices = [{ value: "x", label: "x" }];
    expect(canSkip({ key: "genericDrug", enabled: true, required: false, order: 0 }, choices)).toBe(true);
    expect(canSkip({ key: "prescriptionType", enabled: true, required: true, order: 0 }, choices)).toBe(false);
  });

  it("a required question with nothing to choose can be skipped", () => {
    expect(canSkip({ key: "returnDate", enabled: true, required: true, order: 0 }, [])).toBe(true);
  });

  it("skipping removes an earlier answer to that question", () => {
    expect(skipQuestion(settings(), { genericDrug: "Yes" }, "genericDrug")).toEqual({});
  });
});

describe("choices", () => {
  it("offers every value of a question with its Japanese label", () => {
    expect(questionChoices("prescriptionType", {}, context)).toEqual([
      { value: "Paper", label: "紙の処方箋" },
      { value: "Electronic", label: "電子処方箋" },
      { value: "Forgot", label: "処方箋を忘れた" },
      { value: "DoNotHave", label: "処方箋を持っていない" },
    ]);
  });

  it("offers only the enabled receive methods", () => {
    const choices = questionChoices("receiveMethod", {}, { ...context, enabledReceiveMethods: ["ReturnVisit", "Pharmacy"] });
    expect(choices.map((choice) => choice.value)).toEqual(["Pharmacy", "ReturnVisit"]);
  });

  it("offers the next 14 open days, today included while it has a period left", () => {
    const dates = returnDateOptions(context);
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe("2026-05-01");
    // Sunday 3 May is closed.
    expect(dates).not.toContain("2026-05-03");
    expect(dates.slice(0, 3)).toEqual(["2026-05-01", "2026-05-02", "2026-05-04"]);
  });

  it("leaves out closed dates and today once its last period is over", () => {
    const hours: BusinessHours = { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-05-02"] };
    const dates = returnDateOptions({ ...context, businessHours: hours, now: "18:30" });
    expect(dates[0]).toBe("2026-05-04");
  });

  it("offers the periods of the chosen day, today's remaining ones only", () => {
    expect(questionChoices("returnTimePeriod", { receiveMethod: "ReturnVisit", returnDate: "2026-05-04" }, context).map((c) => c.value)).toEqual([
      "09:00-13:00",
      "14:00-18:00",
    ]);
    expect(questionChoices("returnTimePeriod", { receiveMethod: "ReturnVisit", returnDate: "2026-05-01" }, { ...context, now: "13:30" }).map((c) => c.label)).toEqual([
      "14:00〜18:00",
    ]);
  });

  it("labels return days in Japanese", () => {
    expect(questionChoices("returnDate", {}, context)[0]).toEqual({ value: "2026-05-01", label: "5月1日（金）" });
  });
});

describe("progress and the ticket", () => {
  it("counts the questions that apply so far", () => {
    const questions = settings();
    expect(questionPosition(questions, { prescriptionType: "Paper" }, "firstVisit")).toEqual({ index: 2, total: 6 });
    expect(applicableQuestions(questions, { prescriptionType: "Electronic" }).map((q) => q.key)).toContain("verifyMethod");
  });

  it("passes the answers in question order as key:value pairs", () => {
    const questions = settings({ genericDrug: { order: -1 } });
    const answers: Answers = { receiveMethod: "ReturnVisit", returnTimePeriod: "14:00-18:00", returnDate: "2026-05-04", genericDrug: "No" };
    expect(previewAnswerParams(questions, answers)).toEqual([
      "genericDrug:No",
      "receiveMethod:ReturnVisit",
      "returnDate:2026-05-04",
      "returnTimePeriod:14:00-18:00",
    ]);
    expect(Object.keys(orderedAnswers(questions, answers))).toEqual(["genericDrug", "receiveMethod", "returnDate", "returnTimePeriod"]);
  });
});
