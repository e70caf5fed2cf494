import { addDays } from "@pharmacy/contract/calendar/business-calendar";
import type { QuestionKey } from "@pharmacy/contract/shared/enums";
import { choiceValues, type ChoiceContext } from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { Choice } from "../../components/choice-buttons";
import { monthDayIn, periodValueIn } from "../i18n/patient-dates";
import type { PatientKey } from "../i18n/message";
import type { PatientText } from "../i18n/use-patient-text";

/**
 * The answer buttons as the patient reads them (the web form, the kiosk and the counter): the contract's
 * values (`choiceValues`) with the labels of the patient's language; 「今日」「明日」 said as such.
 */
function patientChoiceLabel(
  { t, language }: Pick<PatientText, "t" | "language">,
  key: QuestionKey,
  value: string,
  context: Pick<ChoiceContext, "clock">,
): string {
  switch (key) {
    case "returnDate": {
      const date = monthDayIn(language, value);
      if (value === context.clock.date) return t("dates.today", { date });
      return value === addDays(context.clock.date, 1) ? t("dates.tomorrow", { date }) : date;
    }
    case "returnTimePeriod":
      return periodValueIn(language, value);
    default:
      return t(`answers.${key}.${value}` as PatientKey);
  }
}

export function patientChoices(
  text: Pick<PatientText, "t" | "language">,
  key: QuestionKey,
  answers: Answers,
  context: ChoiceContext,
): Choice[] {
  return choiceValues(key, answers, context).map((value) => ({
    value,
    label: patientChoiceLabel(text, key, value, context),
  }));
}
