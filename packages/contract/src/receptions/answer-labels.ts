import type { QuestionKey } from "../shared/enums.js";
import { isCalendarDate } from "../calendar/business-calendar.js";
import { formatFullDate, formatPeriodValue } from "../calendar/date-labels.js";
import { ANSWER_LABELS } from "./question-labels.js";

/** The Japanese text of an answer: a choice's label, a date as 「YYYY年MM月DD日（曜）」, a period as 「9:00〜13:00」. */
export function answerLabel(key: QuestionKey, value: string): string {
  if (key === "returnDate") return isCalendarDate(value) ? formatFullDate(value) : value;
  if (key === "returnTimePeriod") return formatPeriodValue(value);
  return ANSWER_LABELS[key]?.[value] ?? value;
}
