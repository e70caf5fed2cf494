import { sayInJapanese } from "../../test-utils/say";
import { QuestionKeySchema, type QuestionKey } from "@pharmacy/contract/shared/enums";
import {
  answerQuestion,
  choiceValues,
  nextQuestion,
  questionProgress,
  type ChoiceContext,
} from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { DEFAULT_BUSINESS_HOURS, type BusinessHours, type QuestionSetting } from "@pharmacy/contract/settings/settings";
import { describe, expect, it } from "vitest";
import { canSkip, COUNTER_RETURN_DAYS, previewAnswerParams, progressLabel } from "./question-flow";

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

describe("the counter's count of questions", () => {
  /** The label above each question asked, answering with `answers`. */
  function labelsWalking(answers: Answers, withContext: ChoiceContext = context): string[] {
    const questions = settings();
    const labels: string[] = [];
    let given: Answers = {};
    for (let current = nextQuestion(questions, given, undefined, withContext); current;) {
      labels.push(
        sayInJapanese(progressLabel(questionProgress(questions, given, current.key, withContext).left)) ?? "",
      );
      given = answerQuestion(questions, given, current.key, answers[current.key] ?? "");
      current = nextQuestion(questions, given, current.key, withContext);
    }
    return labels;
  }

  it("says how many are left, dropping by more than one where an answer rules questions out, never 「2 / 9」 after 「1 / 10」", () => {
    const answers: Answers = {
      prescriptionType: "Paper",
      firstVisit: "no",
      medicineNotebook: "Paper",
      genericDrug: "Yes",
      leftoverMedicine: "no",
      receiveMethod: "ReturnVisit",
      returnDate: "2026-05-02",
      returnTimePeriod: "09:00-13:00",
    };
    // 紙 rules out the verification method, not the first visit the 問診票
    expect(labelsWalking(answers)).toEqual([
      "残り10問",
      "残り8問",
      "残り6問",
      "残り5問",
      "残り4問",
      "残り3問",
      "残り2問",
      "最後の質問",
    ]);
  });

  it("does not count (nor ask) 問診票 at a branch without a web questionnaire", () => {
    const answers: Answers = { prescriptionType: "Paper", firstVisit: "yes", receiveMethod: "Pharmacy" };
    const labels = labelsWalking(answers, { ...context, webQuestionnaire: false });
    expect(labels.slice(0, 3)).toEqual(["残り9問", "残り7問", "残り6問"]);
    expect(labels).toHaveLength(6);
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
