import type { Answers } from "@pharmacy/contract/receptions/questions";
import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";

/**
 * What the counter and the public web form share about the prescription (docs/rules.md#prescription-data): when to ask for the
 * 引換番号, and what to say about the return day against the prescription's last usable day.
 */

/** An electronic prescription shown with 資格確認書・保険証 (not a マイナ保険証) comes with a 引換番号. */
export function asksExchangeNumber(answers: Answers): boolean {
  return answers.prescriptionType === "Electronic" && answers.verifyMethod === "InsuranceCard";
}

/** Said when no code was read, so the last usable day is not known. */
export const USABLE_PERIOD_WARNING =
  "処方箋の使用期限は交付日を含めて4日間です。期限を過ぎた日にはお薬を受け取れない場合があります。";

/**
 * The note above the return days: the known last day, or the general warning. When every day offered
 * is past it (an expired prescription), nothing can be chosen: the patient asks the staff.
 */
export function returnDateNotice(
  lastUsableDay: string | undefined,
  offeredDays: readonly string[] = [],
): { type: "info" | "warning" | "error"; text: string } {
  if (lastUsableDay === undefined) return { type: "warning", text: USABLE_PERIOD_WARNING };
  if (offeredDays.length > 0 && offeredDays.every((day) => isPastUsable(day, lastUsableDay))) {
    return {
      type: "error",
      text: `処方箋の使用期限（${formatMonthDay(lastUsableDay)}）を過ぎているため、日にちを選べません。スタッフにお声がけください。`,
    };
  }
  return {
    type: "info",
    text: `処方箋の使用期限は${formatMonthDay(lastUsableDay)}までです。それより後の日は選べません。`,
  };
}

/** Whether a return day is past the last usable day of the prescription whose code was read. */
export function isPastUsable(date: string, lastUsableDay: string | undefined): boolean {
  return lastUsableDay !== undefined && date > lastUsableDay;
}
