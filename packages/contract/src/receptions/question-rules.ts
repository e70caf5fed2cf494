import {
  addDays,
  openDaysFrom,
  periodsLeftOn,
  periodsOn,
  RETURN_DATE_HORIZON_DAYS,
  type BusinessClock,
  type OpenDayWindow,
} from "../calendar/business-calendar.js";
import { ReceiveMethodSchema, type QuestionKey, type ReceiveMethod } from "../shared/enums.js";
import type { ValidationIssue } from "../shared/errors.js";
import { AnswerValueSchemas, isQuestionApplicable, QUESTION_CONDITIONS, type Answers } from "./questions.js";
import {
  enabledQuestions,
  formatPeriod,
  type AppSettings,
  type BusinessHours,
  type QuestionSetting,
} from "../settings/settings.js";

/**
 * The question rules (docs/rules.md#questions) once, for the counter, the public web form, the settings preview and
 * the server's check: which questions apply and in what order, which answers still count, and which
 * values a question offers. The web adds the Japanese labels; the server refuses what breaks them.
 */

/** The public page offers (and the server accepts) open days from today up to 30 days on. */
export const PUBLIC_RETURN_DAYS: OpenDayWindow = { horizonDays: RETURN_DATE_HORIZON_DAYS };

/** The enabled questions, in the configured order, whose condition the answers meet. */
export function applicableQuestions(questions: readonly QuestionSetting[], answers: Answers): QuestionSetting[] {
  return enabledQuestions([...questions]).filter((question) => isQuestionApplicable(question.key, answers));
}

/**
 * The enabled questions, in order, that have something to ask at this branch: 問診票 without a web
 * questionnaire would offer 紙に記入 alone, so it is not asked (and the paper form is the default).
 */
function offeredQuestions(questions: readonly QuestionSetting[], context?: ChoiceContext): QuestionSetting[] {
  return enabledQuestions([...questions]).filter(
    (question) => question.key !== "questionnaireType" || context?.webQuestionnaire !== false,
  );
}

/**
 * The question after `current` (the first one without it), or undefined when all are done. A question
 * placed before the one it depends on is skipped, as its condition cannot be met yet when it comes up.
 */
export function nextQuestion(
  questions: readonly QuestionSetting[],
  answers: Answers,
  current?: QuestionKey,
  context?: ChoiceContext,
): QuestionSetting | undefined {
  const ordered = enabledQuestions([...questions]);
  const start = current === undefined ? 0 : ordered.findIndex((question) => question.key === current) + 1;
  const offered = new Set(offeredQuestions(questions, context));
  return ordered.slice(start).find((question) => offered.has(question) && isQuestionApplicable(question.key, answers));
}

/** The question before `current` (the last one without it, i.e. after the last), or undefined at the start. */
export function previousQuestion(
  questions: readonly QuestionSetting[],
  answers: Answers,
  current?: QuestionKey,
  context?: ChoiceContext,
): QuestionSetting | undefined {
  const ordered = enabledQuestions([...questions]);
  const end = current === undefined ? ordered.length : ordered.findIndex((question) => question.key === current);
  const offered = new Set(offeredQuestions(questions, context));
  return ordered
    .slice(0, Math.max(0, end))
    .reverse()
    .find((question) => offered.has(question) && isQuestionApplicable(question.key, answers));
}

/**
 * The questions that will be shown, counted up front: the enabled ones, in order,
 * less the follow-ups an answer already rules out (今すぐ待つ: no return day) or that can never come up
 * (placed before the question they follow, or following a value the branch does not offer). A follow-up
 * whose question is not answered yet counts, so the list only ever shrinks as answers come in: the
 * counter's 「残り n 問」 never rises mid-flow.
 */
export function questionsToAsk(
  questions: readonly QuestionSetting[],
  answers: Answers,
  context?: ChoiceContext,
  /** The question shown now: one before it left unanswered (skipped) rules its follow-ups out. */
  current?: QuestionKey,
): QuestionSetting[] {
  const ordered = enabledQuestions([...questions]);
  const passed = new Set(
    ordered
      .slice(
        0,
        Math.max(
          0,
          ordered.findIndex((question) => question.key === current),
        ),
      )
      .map((question) => question.key),
  );
  const asked = new Set<QuestionKey>();
  const mayBeAsked = (key: QuestionKey): boolean => {
    const condition = QUESTION_CONDITIONS[key];
    if (!condition) return true;
    if (!asked.has(condition.key)) return false;
    const answer = answers[condition.key];
    if (answer !== undefined) return answer === condition.equals;
    if (passed.has(condition.key)) return false;
    return !context || choiceValues(condition.key, answers, context).includes(condition.equals);
  };
  const offered = new Set(offeredQuestions(questions, context));
  return ordered.filter((question) => {
    if (!offered.has(question) || !mayBeAsked(question.key)) return false;
    asked.add(question.key);
    return true;
  });
}

/**
 * Where the counter stands at a question, among `questionsToAsk`: `done` before it and `left` with it
 * (0 for a question not among them). Going forward `left` drops by one, or by more when an answer rules
 * follow-ups out, and never rises: the counter says 「残り n 問」 rather than 「n / m」, whose total
 * shrinking under a rising n read as a miscount.
 */
export function questionProgress(
  questions: readonly QuestionSetting[],
  answers: Answers,
  key: QuestionKey,
  context?: ChoiceContext,
): { done: number; left: number } {
  const toAsk = questionsToAsk(questions, answers, context, key);
  const done = toAsk.findIndex((question) => question.key === key);
  return done < 0 ? { done: 0, left: 0 } : { done, left: toAsk.length - done };
}

/**
 * Drops the answers that no longer count: of disabled questions, and of questions whose condition an
 * answer changed since (electronic → paper drops the verification method), so the server never sees
 * an answer it must refuse.
 */
export function pruneAnswers(questions: readonly QuestionSetting[], answers: Answers): Answers {
  const enabled = new Set(enabledQuestions([...questions]).map((question) => question.key));
  let current = Object.fromEntries(
    Object.entries(answers).filter(
      ([key, value]) => value !== undefined && value !== null && enabled.has(key as QuestionKey),
    ),
  ) as Answers;
  // Conditions chain (receiveMethod → returnDate → returnTimePeriod): repeat until nothing else drops.
  for (;;) {
    const kept = Object.fromEntries(
      Object.entries(current).filter(([key]) => isQuestionApplicable(key as QuestionKey, current)),
    ) as Answers;
    if (Object.keys(kept).length === Object.keys(current).length) return kept;
    current = kept;
  }
}

export function answerQuestion(
  questions: readonly QuestionSetting[],
  answers: Answers,
  key: QuestionKey,
  value: string,
): Answers {
  return pruneAnswers(questions, { ...answers, [key]: value } as Answers);
}

export function skipQuestion(questions: readonly QuestionSetting[], answers: Answers, key: QuestionKey): Answers {
  const rest = { ...answers };
  delete rest[key];
  return pruneAnswers(questions, rest);
}

/** The answers in question order (the ticket lists them in the order it receives them). */
export function orderedAnswers(questions: readonly QuestionSetting[], answers: Answers): Answers {
  return Object.fromEntries(
    enabledQuestions([...questions])
      .filter((question) => answers[question.key] !== undefined)
      .map((question) => [question.key, answers[question.key]]),
  ) as Answers;
}

/** What the choices of a question depend on: the branch's settings and hours, the time now, how many days ahead. */
export interface ChoiceContext {
  enabledReceiveMethods: readonly ReceiveMethod[];
  businessHours: BusinessHours;
  clock: BusinessClock;
  returnDays: OpenDayWindow;
  /** False when the branch has no web questionnaire URL: 「スマートフォンで入力」 would lead nowhere. */
  webQuestionnaire?: boolean;
}

/**
 * The values a question offers: the branch's receive methods in catalogue order, open return days in
 * the window (today while it has a period left), that day's periods not yet over, otherwise every value.
 */
export function choiceValues(key: QuestionKey, answers: Answers, context: ChoiceContext): string[] {
  switch (key) {
    case "receiveMethod":
      return ReceiveMethodSchema.options.filter((method) => context.enabledReceiveMethods.includes(method));
    case "returnDate":
      return openDaysFrom(context.businessHours, context.clock, context.returnDays);
    case "returnTimePeriod":
      return answers.returnDate
        ? periodsLeftOn(answers.returnDate, context.businessHours, context.clock).map(formatPeriod)
        : [];
    case "questionnaireType":
      return AnswerValueSchemas.questionnaireType.options.filter(
        (value) => value !== "Web" || context.webQuestionnaire !== false,
      );
    default:
      return [...AnswerValueSchemas[key].options];
  }
}

/**
 * What the branch's reserved-visit settings add to the catalogue's rules (`AnswersSchema`): only
 * enabled questions, every required one that applies answered, an enabled receive method, and a
 * return visit on an open day (today or later, within the horizon) in one of that day's periods not
 * yet over.
 */
export function reservedAnswerIssues(
  answers: Answers,
  settings: AppSettings,
  hours: BusinessHours,
  clock: BusinessClock,
): ValidationIssue[] {
  const today = clock.date;
  const issues: ValidationIssue[] = [];
  const add = (key: QuestionKey, message: string) => issues.push({ path: ["answers", key], message, code: "custom" });
  const enabled = enabledQuestions(settings.questions.reserved);
  const enabledKeys = new Set(enabled.map((setting) => setting.key));

  for (const key of Object.keys(answers) as QuestionKey[]) {
    if (!enabledKeys.has(key)) add(key, "この質問には回答できません");
  }
  for (const setting of enabled) {
    if (setting.required && isQuestionApplicable(setting.key, answers) && answers[setting.key] === undefined) {
      add(setting.key, "必須の質問に回答してください");
    }
  }
  if (answers.receiveMethod && !settings.enabledReceiveMethods.includes(answers.receiveMethod)) {
    add("receiveMethod", "この受け取り方法は選べません");
  }
  if (answers.returnDate) {
    if (answers.returnDate < today || answers.returnDate > addDays(today, PUBLIC_RETURN_DAYS.horizonDays)) {
      add("returnDate", `ご来局予定日は本日から${PUBLIC_RETURN_DAYS.horizonDays}日以内で選んでください`);
    } else if (periodsOn(answers.returnDate, hours).length === 0) {
      add("returnDate", "この日は休業日です。別の日を選んでください");
    }
  }
  if (answers.returnTimePeriod) {
    const periods = answers.returnDate ? periodsOn(answers.returnDate, hours) : [];
    const period = periods.find((candidate) => formatPeriod(candidate) === answers.returnTimePeriod);
    if (!period) add("returnTimePeriod", "営業時間内の時間帯を選んでください");
    else if (answers.returnDate === today && period.end <= clock.time)
      add("returnTimePeriod", "この時間帯はすでに終了しています。別の時間帯を選んでください");
  }
  return issues;
}
