import { type QuestionKey, ReceiveMethodSchema, type ReceiveMethod } from "@pharmacy/contract/enums";
import { answerLabel } from "@pharmacy/contract/question-labels";
import { AnswerValueSchemas, isQuestionApplicable, type Answers } from "@pharmacy/contract/questions";
import { enabledQuestions, type BusinessHours, type QuestionSetting } from "@pharmacy/contract/settings";
import { openDaysFrom, returnPeriodChoices } from "../../lib/business-days";
import { formatPeriodText, formatShortDate } from "./format";

/**
 * The counter's question flow (SPEC §4) as pure functions: only enabled questions, in the configured
 * order, skipping those whose condition is not met by the answers so far. A question placed before
 * the one it depends on is skipped, as its condition cannot be met yet when it comes up.
 */

/** How many open days the return-visit date offers. */
export const RETURN_DATE_CHOICES = 14;
/** How far ahead to look for open days (today and a year on), so a long closure cannot make the search endless. */
const RETURN_DATE_SEARCH_DAYS = 365;

/** The enabled questions, in order, that apply to these answers. */
export function applicableQuestions(questions: QuestionSetting[], answers: Answers): QuestionSetting[] {
  return enabledQuestions(questions).filter((question) => isQuestionApplicable(question.key, answers));
}

/** The question after `current` (the first one without it), or undefined when all are done. */
export function nextQuestion(questions: QuestionSetting[], answers: Answers, current?: QuestionKey): QuestionSetting | undefined {
  const ordered = enabledQuestions(questions);
  const start = current === undefined ? 0 : ordered.findIndex((question) => question.key === current) + 1;
  return ordered.slice(start).find((question) => isQuestionApplicable(question.key, answers));
}

/** The question before `current` (the last one without it, i.e. from the preview), or undefined at the start. */
export function previousQuestion(questions: QuestionSetting[], answers: Answers, current?: QuestionKey): QuestionSetting | undefined {
  const ordered = enabledQuestions(questions);
  const end = current === undefined ? ordered.length : ordered.findIndex((question) => question.key === current);
  return ordered
    .slice(0, Math.max(0, end))
    .reverse()
    .find((question) => isQuestionApplicable(question.key, answers));
}

/**
 * Drops the answers that no longer count: of disabled questions, and of questions whose condition an
 * answer changed since (electronic → paper drops the verification method; the server refuses them).
 */
export function pruneAnswers(questions: QuestionSetting[], answers: Answers): Answers {
  const enabled = new Set(enabledQuestions(questions).map((question) => question.key));
  let current: Answers = Object.fromEntries(
    Object.entries(answers).filter(([key, value]) => value !== undefined && enabled.has(key as QuestionKey)),
  );
  // Conditions chain (receiveMethod → returnDate): repeat until nothing else drops.
  for (;;) {
    const kept = Object.fromEntries(
      Object.entries(current).filter(([key]) => isQuestionApplicable(key as QuestionKey, current)),
    ) as Answers;
    if (Object.keys(kept).length === Object.keys(current).length) return kept;
    current = kept;
  }
}

export function answerQuestion(questions: QuestionSetting[], answers: Answers, key: QuestionKey, value: string): Answers {
  return pruneAnswers(questions, { ...answers, [key]: value } as Answers);
}

export function skipQuestion(questions: QuestionSetting[], answers: Answers, key: QuestionKey): Answers {
  const rest = { ...answers };
  delete rest[key];
  return pruneAnswers(questions, rest);
}

export interface ChoiceContext {
  enabledReceiveMethods: readonly ReceiveMethod[];
  businessHours: BusinessHours;
  /** Today's business day, YYYY-MM-DD in Asia/Tokyo. */
  today: string;
  /** The time now in Asia/Tokyo, HH:mm: periods of today that are over are not offered. */
  now: string;
}

export interface Choice {
  value: string;
  label: string;
}

/** The periods ("HH:mm-HH:mm") of that day a patient can still come in; today's that have ended are left out. */
export function openPeriods(date: string, context: Pick<ChoiceContext, "businessHours" | "today" | "now">): string[] {
  return returnPeriodChoices(date, context.businessHours, context);
}

/** The next open business days from today (today included while it has a period left). */
export function returnDateOptions(
  context: Pick<ChoiceContext, "businessHours" | "today" | "now">,
  count = RETURN_DATE_CHOICES,
): string[] {
  return openDaysFrom(context.businessHours, context, { horizonDays: RETURN_DATE_SEARCH_DAYS, count });
}

/** The answer buttons of a question. */
export function questionChoices(key: QuestionKey, answers: Answers, context: ChoiceContext): Choice[] {
  switch (key) {
    case "receiveMethod":
      return ReceiveMethodSchema.options
        .filter((method) => context.enabledReceiveMethods.includes(method))
        .map((method) => ({ value: method, label: answerLabel(key, method) }));
    case "returnDate":
      return returnDateOptions(context).map((date) => ({ value: date, label: formatShortDate(date) }));
    case "returnTimePeriod":
      return answers.returnDate
        ? openPeriods(answers.returnDate, context).map((period) => ({ value: period, label: formatPeriodText(period) }))
        : [];
    default: {
      const schema = AnswerValueSchemas[key];
      return schema.options.map((value: string) => ({ value, label: answerLabel(key, value) }));
    }
  }
}

/** Optional questions can be skipped; so can a required one with nothing to choose from. */
export function canSkip(question: QuestionSetting, choices: readonly Choice[]): boolean {
  return !question.required || choices.length === 0;
}

/** "質問 n / m": the place of a question among those that apply to the answers so far. */
export function questionPosition(questions: QuestionSetting[], answers: Answers, key: QuestionKey): { index: number; total: number } {
  const path = applicableQuestions(questions, answers);
  return { index: path.findIndex((question) => question.key === key) + 1, total: path.length };
}

/** The answers in question order (the ticket lists them in the order it receives them). */
export function orderedAnswers(questions: QuestionSetting[], answers: Answers): Answers {
  return Object.fromEntries(
    enabledQuestions(questions)
      .filter((question) => answers[question.key] !== undefined)
      .map((question) => [question.key, answers[question.key]]),
  ) as Answers;
}

/** The answers as the preview call takes them: `key:value`, in question order. */
export function previewAnswerParams(questions: QuestionSetting[], answers: Answers): string[] {
  return Object.entries(orderedAnswers(questions, answers)).map(([key, value]) => `${key}:${value}`);
}
