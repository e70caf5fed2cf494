import { message, type Message } from "../../lib/i18n/message";
import type { OpenDayWindow } from "@pharmacy/contract/calendar/business-calendar";
import { orderedAnswers } from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";
import type { Choice } from "../../components/choice-buttons";

/**
 * What the counter adds to the contract's question rules (`question-rules.ts`): its window of return
 * days, which questions may be skipped, and the answers as the ticket preview takes them.
 */

/** The next 14 open days, looking a year ahead at most so a long closure cannot make the search endless. */
export const COUNTER_RETURN_DAYS: OpenDayWindow = { count: 14, horizonDays: 365 };

/** Optional questions can be skipped; so can a required one with nothing to choose from. */
export function canSkip(question: QuestionSetting, choices: readonly Choice[]): boolean {
  return !question.required || choices.length === 0;
}

/** The counter's count of the questions left, the one shown included (see `questionProgress`). */
export function progressLabel(left: number): Message {
  return left <= 1 ? message("counter.lastQuestion") : message("counter.questionsLeft", { count: left });
}

/** The answers as the preview call takes them: `key:value`, in question order. */
export function previewAnswerParams(questions: QuestionSetting[], answers: Answers): string[] {
  return Object.entries(orderedAnswers(questions, answers)).map(([key, value]) => `${key}:${value}`);
}
