import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { nextQuestion, previousQuestion, type ChoiceContext } from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";
import { asksExchangeNumber } from "../../../lib/receptions/prescription-limits";

/** Where the counter flow stands: photos, one question, the 引換番号, the ticket preview, done. */
export type CounterStep =
  | { kind: "photos" }
  | { kind: "question"; key: QuestionKey }
  | { kind: "exchange" }
  | { kind: "preview" }
  | { kind: "done" };

/** The question after `current` (the first one when none), or the ticket preview once none is left. */
export function stepAfter(
  questions: QuestionSetting[],
  answers: Answers,
  current: QuestionKey | undefined,
  context: ChoiceContext | undefined,
): CounterStep {
  const next = nextQuestion(questions, answers, current, context);
  return next ? { kind: "question", key: next.key } : { kind: "preview" };
}

/** The step after answering `key`: the 引換番号 follows 「資格確認書・保険証」 for an e-prescription. */
export function stepAfterAnswer(
  questions: QuestionSetting[],
  answers: Answers,
  key: QuestionKey,
  context: ChoiceContext | undefined,
): CounterStep {
  if (key === "verifyMethod" && asksExchangeNumber(answers)) return { kind: "exchange" };
  return stepAfter(questions, answers, key, context);
}

/**
 * The step before `from` (the ticket preview when none): the question asked before it, the 引換番号
 * when that question was the one leading to it, or the photos before the first question.
 */
export function stepBefore(
  questions: QuestionSetting[],
  answers: Answers,
  from: QuestionKey | undefined,
  context: ChoiceContext | undefined,
): CounterStep {
  const previous = previousQuestion(questions, answers, from, context);
  if (previous?.key === "verifyMethod" && asksExchangeNumber(answers)) return { kind: "exchange" };
  return previous ? { kind: "question", key: previous.key } : { kind: "photos" };
}
