import { describe, expect, it } from "vitest";
import { QuestionKeySchema, type QuestionKey } from "../../src/shared/enums.js";
import {
  answerQuestion,
  applicableQuestions,
  choiceValues,
  nextQuestion,
  orderedAnswers,
  previousQuestion,
  pruneAnswers,
  PUBLIC_RETURN_DAYS,
  questionProgress,
  questionsToAsk,
  reservedAnswerIssues,
  skipQuestion,
  type ChoiceContext,
} from "../../src/receptions/question-rules.js";
import type { Answers } from "../../src/receptions/questions.js";
import { DEFAULT_APP_SETTINGS, DEFAULT_BUSINESS_HOURS, type QuestionSetting } from "../../src/settings/settings.js";

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

/** Walks the questions one at a time answering with `answers` (skipping what has no answer) and lists the keys asked. */
function walk(questions: QuestionSetting[], answers: Answers): QuestionKey[] {
  const asked: QuestionKey[] = [];
  let given: Answers = {};
  let current = nextQuestion(questions, given);
  while (current) {
    asked.push(current.key);
    const value = answers[current.key];
    given =
      value === undefined
        ? skipQuestion(questions, given, current.key)
        : answerQuestion(questions, given, current.key, value);
    current = nextQuestion(questions, given, current.key);
  }
  return asked;
}

const keys = (list: { key: string }[]) => list.map((question) => question.key);

// 2026-05-01 is a Friday; the default hours: weekdays 09–13 and 14–18, Saturday 09–13, Sunday closed.
const context: ChoiceContext = {
  enabledReceiveMethods: ["Pharmacy", "Locker", "Delivery", "ReturnVisit"],
  // Golden Week dates: holidays are left open so these cases test the weekly hours alone.
  businessHours: { ...DEFAULT_BUSINESS_HOURS, openOnHolidays: true },
  clock: { date: "2026-05-01", time: "10:00" },
  returnDays: PUBLIC_RETURN_DAYS,
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

describe("which questions show at once (the web form)", () => {
  const questions = DEFAULT_APP_SETTINGS.questions.reserved;

  it("shows conditional questions only when their condition is met", () => {
    expect(keys(applicableQuestions(questions, {}))).toEqual([
      "prescriptionType",
      "firstVisit",
      "medicineNotebook",
      "genericDrug",
      "leftoverMedicine",
      "receiveMethod",
    ]);
    const shown = keys(
      applicableQuestions(questions, {
        prescriptionType: "Electronic",
        firstVisit: "yes",
        receiveMethod: "ReturnVisit",
      }),
    );
    expect(shown).toContain("verifyMethod");
    expect(shown).toContain("questionnaireType");
    expect(shown.slice(-2)).toEqual(["returnDate", "returnTimePeriod"]);
  });

  it("follows the configured order and leaves switched-off questions out", () => {
    const custom = questions.map((question) =>
      question.key === "genericDrug"
        ? { ...question, enabled: false }
        : question.key === "receiveMethod"
          ? { ...question, order: -1 }
          : question,
    );
    const shown = keys(applicableQuestions(custom, {}));
    expect(shown[0]).toBe("receiveMethod");
    expect(shown).not.toContain("genericDrug");
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
    const later = walk(questions, {
      receiveMethod: "ReturnVisit",
      returnDate: "2026-05-01",
      returnTimePeriod: "14:00-18:00",
    });
    expect(later.slice(-3)).toEqual(["receiveMethod", "returnDate", "returnTimePeriod"]);
    expect(walk(questions, { receiveMethod: "Pharmacy" })).not.toContain("returnDate");
  });

  it("a question placed before the one it depends on is skipped", () => {
    const reordered = settings({ verifyMethod: { order: -1 } });
    expect(walk(reordered, { prescriptionType: "Electronic", verifyMethod: "MyNumberCard" })).not.toContain(
      "verifyMethod",
    );
  });
});

describe("answers that no longer count", () => {
  const questions = settings();

  it("changing an answer drops the answers that no longer apply, along the chain", () => {
    let answers: Answers = {};
    answers = answerQuestion(questions, answers, "receiveMethod", "ReturnVisit");
    answers = answerQuestion(questions, answers, "returnDate", "2026-05-01");
    answers = answerQuestion(questions, answers, "returnTimePeriod", "14:00-18:00");
    answers = answerQuestion(questions, answers, "receiveMethod", "Locker");
    expect(answers).toEqual({ receiveMethod: "Locker" });
  });

  it("drops answers of disabled questions", () => {
    expect(
      pruneAnswers(settings({ genericDrug: { enabled: false } }), { genericDrug: "Yes", firstVisit: "no" }),
    ).toEqual({ firstVisit: "no" });
  });

  it("drops answers whose condition no longer holds, following chains", () => {
    const reserved = DEFAULT_APP_SETTINGS.questions.reserved;
    expect(
      pruneAnswers(reserved, {
        prescriptionType: "Paper",
        verifyMethod: "MyNumberCard",
        receiveMethod: "Pharmacy",
        returnDate: "2026-05-04",
        returnTimePeriod: "09:00-13:00",
      }),
    ).toEqual({ prescriptionType: "Paper", receiveMethod: "Pharmacy" });
  });

  it("drops answers to questions the branch switched off", () => {
    const custom = DEFAULT_APP_SETTINGS.questions.reserved.map((question) =>
      question.key === "genericDrug" ? { ...question, enabled: false } : question,
    );
    expect(pruneAnswers(custom, { genericDrug: "Yes", firstVisit: "no" })).toEqual({ firstVisit: "no" });
  });

  it("skipping removes an earlier answer to that question", () => {
    expect(skipQuestion(settings(), { genericDrug: "Yes" }, "genericDrug")).toEqual({});
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

describe("choice values", () => {
  it("offers every value of a question", () => {
    expect(choiceValues("prescriptionType", {}, context)).toEqual(["Paper", "Electronic", "Forgot", "DoNotHave"]);
  });

  it("offers 「スマートフォンで入力」 only when the branch has a web questionnaire URL", () => {
    expect(choiceValues("questionnaireType", {}, context)).toEqual(["Paper", "Web"]);
    expect(choiceValues("questionnaireType", {}, { ...context, webQuestionnaire: true })).toEqual(["Paper", "Web"]);
    expect(choiceValues("questionnaireType", {}, { ...context, webQuestionnaire: false })).toEqual(["Paper"]);
  });

  it("offers only the enabled receive methods, in catalogue order", () => {
    expect(
      choiceValues("receiveMethod", {}, { ...context, enabledReceiveMethods: ["ReturnVisit", "Pharmacy"] }),
    ).toEqual(["Pharmacy", "ReturnVisit"]);
  });

  it("offers open days for the return visit within the window, and that day's periods", () => {
    const monday = { ...context, clock: { date: "2026-05-04", time: "10:00" } };
    const dates = choiceValues("returnDate", {}, monday);
    expect(dates[0]).toBe("2026-05-04");
    expect(dates).not.toContain("2026-05-10");
    expect(
      choiceValues("returnTimePeriod", { receiveMethod: "ReturnVisit", returnDate: "2026-05-04" }, monday),
    ).toEqual(["09:00-13:00", "14:00-18:00"]);
    expect(choiceValues("returnTimePeriod", {}, monday)).toEqual([]);
  });

  it("offers today's remaining periods only", () => {
    expect(
      choiceValues("returnTimePeriod", { receiveMethod: "ReturnVisit", returnDate: "2026-05-04" }, context),
    ).toEqual(["09:00-13:00", "14:00-18:00"]);
    expect(
      choiceValues(
        "returnTimePeriod",
        { receiveMethod: "ReturnVisit", returnDate: "2026-05-01" },
        { ...context, clock: { date: "2026-05-01", time: "13:30" } },
      ),
    ).toEqual(["14:00-18:00"]);
  });
});

describe("progress and the ticket", () => {
  it("counts the questions left, the follow-ups counted up front, fewer as answers rule them out", () => {
    const questions = settings();
    const toAsk = (answers: Answers, withContext?: ChoiceContext) =>
      questionsToAsk(questions, answers, withContext).map((question) => question.key);
    const all = toAsk({});
    expect(all).toContain("verifyMethod");
    expect(all).toContain("returnDate");
    expect(questionProgress(questions, {}, all[0]!)).toEqual({ done: 0, left: all.length });
    const answered: Answers = { prescriptionType: "Electronic", firstVisit: "yes" };
    const before = questionProgress(questions, answered, "receiveMethod");
    expect(before.done + before.left).toBe(all.length);
    // 後で取りに来る keeps the count; 今すぐ待つ and 紙の処方箋 take their follow-ups out
    expect(questionProgress(questions, { ...answered, receiveMethod: "ReturnVisit" }, "returnDate")).toEqual({
      done: before.done + 1,
      left: before.left - 1,
    });
    const paperNow: Answers = { prescriptionType: "Paper", receiveMethod: "Pharmacy" };
    expect(toAsk(paperNow)).not.toContain("returnDate");
    expect(toAsk(paperNow)).not.toContain("verifyMethod");
    const { done, left } = questionProgress(questions, paperNow, "receiveMethod");
    expect(done + left).toBeLessThan(all.length);
    // a branch without 後で取りに来る never counts the return day
    expect(toAsk({}, { ...context, enabledReceiveMethods: ["Pharmacy"] })).not.toContain("returnDate");
    expect(toAsk({}, context)).toContain("returnDate");
  });

  it.each<[string, Answers]>([
    [
      "後で取りに来る",
      {
        prescriptionType: "Electronic",
        verifyMethod: "MyNumberCard",
        firstVisit: "yes",
        receiveMethod: "ReturnVisit",
        returnDate: "2026-05-04",
        returnTimePeriod: "14:00-18:00",
      },
    ],
    ["紙、初めてではない、今すぐ", { prescriptionType: "Paper", firstVisit: "no", receiveMethod: "Pharmacy" }],
    ["すべてスキップ", {}],
  ])("walking the questions (%s), the questions left drop at every step and never rise", (_, answers) => {
    const questions = settings();
    const shown: { done: number; left: number }[] = [];
    let given: Answers = {};
    let current = nextQuestion(questions, given, undefined, context);
    while (current) {
      shown.push(questionProgress(questions, given, current.key, context));
      const value = answers[current.key];
      given =
        value === undefined
          ? skipQuestion(questions, given, current.key)
          : answerQuestion(questions, given, current.key, value);
      current = nextQuestion(questions, given, current.key, context);
    }
    shown.forEach((position, at) => {
      expect(position.done).toBe(at);
      if (at > 0) expect(position.left).toBeLessThan(shown[at - 1]!.left);
    });
    // an unanswered question's follow-ups count until it is answered: the last one may say more are left
    expect(shown.at(-1)!.left).toBeGreaterThanOrEqual(1);
  });

  it("does not ask 問診票 at a branch without a web questionnaire: 紙に記入 would be its only choice", () => {
    const questions = settings();
    const paperOnly: ChoiceContext = { ...context, webQuestionnaire: false };
    const firstTime: Answers = { prescriptionType: "Paper", firstVisit: "yes" };
    expect(choiceValues("questionnaireType", firstTime, paperOnly)).toEqual(["Paper"]);
    expect(nextQuestion(questions, firstTime, "firstVisit", paperOnly)?.key).not.toBe("questionnaireType");
    const after = nextQuestion(questions, firstTime, "firstVisit", paperOnly)!.key;
    expect(previousQuestion(questions, firstTime, after, paperOnly)?.key).toBe("firstVisit");
    expect(questionsToAsk(questions, firstTime, paperOnly).map((question) => question.key)).not.toContain(
      "questionnaireType",
    );
    // with a web questionnaire (or when not known) it is asked
    expect(nextQuestion(questions, firstTime, "firstVisit", { ...context, webQuestionnaire: true })?.key).toBe(
      "questionnaireType",
    );
    expect(nextQuestion(questions, firstTime, "firstVisit")?.key).toBe("questionnaireType");
  });

  it("does not count a follow-up placed before the question it follows", () => {
    const questions = settings({ returnDate: { order: -1 } });
    expect(questionsToAsk(questions, {}).map((question) => question.key)).not.toContain("returnDate");
    expect(questionProgress(questions, {}, "returnDate")).toEqual({ done: 0, left: 0 });
  });

  it("keeps the answers in question order", () => {
    const questions = settings({ genericDrug: { order: -1 } });
    const answers: Answers = {
      receiveMethod: "ReturnVisit",
      returnTimePeriod: "14:00-18:00",
      returnDate: "2026-05-04",
      genericDrug: "No",
    };
    expect(Object.keys(orderedAnswers(questions, answers))).toEqual([
      "genericDrug",
      "receiveMethod",
      "returnDate",
      "returnTimePeriod",
    ]);
  });
});

describe("the server's check of a web reception's answers", () => {
  // Monday 2026-05-04, 13:30: the morning period is over.
  const clock = { date: "2026-05-04", time: "13:30" };
  const hours = { ...DEFAULT_BUSINESS_HOURS, closedDates: ["2026-05-07"], openOnHolidays: true };
  const base: Answers = { prescriptionType: "Paper", receiveMethod: "Pharmacy" };
  const messages = (answers: Answers, appSettings = DEFAULT_APP_SETTINGS) =>
    reservedAnswerIssues(answers, appSettings, hours, clock).map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );

  it("accepts answers the public page offers", () => {
    expect(messages(base)).toEqual([]);
    expect(
      messages({ ...base, receiveMethod: "ReturnVisit", returnDate: "2026-05-04", returnTimePeriod: "14:00-18:00" }),
    ).toEqual([]);
  });

  it("refuses a missing required answer, a switched-off question and a receive method the branch does not offer", () => {
    const appSettings = {
      ...DEFAULT_APP_SETTINGS,
      enabledReceiveMethods: ["Pharmacy" as const],
      questions: {
        ...DEFAULT_APP_SETTINGS.questions,
        reserved: DEFAULT_APP_SETTINGS.questions.reserved.map((question) =>
          question.key === "genericDrug" ? { ...question, enabled: false } : question,
        ),
      },
    };
    expect(messages({ receiveMethod: "Locker", genericDrug: "Yes" }, appSettings)).toEqual([
      "answers.genericDrug: この質問には回答できません",
      "answers.prescriptionType: 必須の質問に回答してください",
      "answers.receiveMethod: この受け取り方法は選べません",
    ]);
  });

  it("refuses a return day outside today … 30 days on, or a closed one", () => {
    const visit = (returnDate: string) =>
      messages({ ...base, receiveMethod: "ReturnVisit", returnDate, returnTimePeriod: "09:00-13:00" });
    expect(visit("2026-05-03")[0]).toBe("answers.returnDate: ご来局予定日は本日から30日以内で選んでください");
    expect(visit("2026-06-04")[0]).toBe("answers.returnDate: ご来局予定日は本日から30日以内で選んでください");
    expect(visit("2026-06-03")).toEqual([]);
    expect(visit("2026-05-07")[0]).toBe("answers.returnDate: この日は休業日です。別の日を選んでください");
  });

  it("refuses a period the day does not have, or today's that is over", () => {
    const visit = (returnTimePeriod: string) =>
      messages({ ...base, receiveMethod: "ReturnVisit", returnDate: "2026-05-04", returnTimePeriod });
    expect(visit("10:00-12:00")).toEqual(["answers.returnTimePeriod: 営業時間内の時間帯を選んでください"]);
    expect(visit("09:00-13:00")).toEqual([
      "answers.returnTimePeriod: この時間帯はすでに終了しています。別の時間帯を選んでください",
    ]);
  });
});
