import { addDays } from "@pharmacy/contract/calendar/business-calendar";
import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { answerLabel } from "@pharmacy/contract/receptions/answer-labels";
import { choiceValues, type ChoiceContext } from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { Choice } from "../../components/choice-buttons";
import { formatMonthDay, formatPeriodValue } from "@pharmacy/contract/calendar/date-labels";

/**
 * The answer buttons of a question: the contract's values (`choiceValues`) with their Japanese labels,
 * for the counter, the public web form and the settings preview alike.
 */

/** Questions whose many short answers (dates, times) use the compact buttons. */
export const COMPACT_QUESTIONS: ReadonlySet<QuestionKey> = new Set(["returnDate", "returnTimePeriod"]);

/** How one answer value reads on its button. */
// 「今日」「明日」 said as such, on the counter and the phone alike: as a patient thinks of the day.
function choiceLabel(key: QuestionKey, value: string, context: Pick<ChoiceContext, "clock">): string {
  switch (key) {
    case "returnDate":
      if (value === context.clock.date) return `今日 ${formatMonthDay(value)}`;
      return value === addDays(context.clock.date, 1) ? `明日 ${formatMonthDay(value)}` : formatMonthDay(value);
    case "returnTimePeriod":
      return formatPeriodValue(value);
    default:
      return answerLabel(key, value);
  }
}

export function questionChoices(key: QuestionKey, answers: Answers, context: ChoiceContext): Choice[] {
  return choiceValues(key, answers, context).map((value) => ({ value, label: choiceLabel(key, value, context) }));
}
