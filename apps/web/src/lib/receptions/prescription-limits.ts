import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { LanguageTag } from "../i18n/languages";
import { message, type Message } from "../i18n/message";
import { monthDayIn } from "../i18n/patient-dates";

/**
 * What the counter and the public web form share about the prescription (docs/rules.md#prescription-data): when to ask for the
 * 引換番号, and what to say about the return day against the prescription's last usable day.
 */

/** An electronic prescription shown with 資格確認書・保険証 (not a マイナ保険証) comes with a 引換番号. */
export function asksExchangeNumber(answers: Answers): boolean {
  return answers.prescriptionType === "Electronic" && answers.verifyMethod === "InsuranceCard";
}

/**
 * What the return-day question says about the prescription's usable days: the 4-day rule when no code
 * was read, else its last usable day, or that every offered day is past it (then staff must help).
 */
export function returnDateNotice(
  language: LanguageTag,
  lastUsableDay: string | undefined,
  offeredDays: readonly string[] = [],
): { type: "info" | "warning" | "error"; text: Message } {
  if (lastUsableDay === undefined) return { type: "warning", text: message("form.usablePeriod") };
  const date = monthDayIn(language, lastUsableDay);
  if (offeredDays.length > 0 && offeredDays.every((day) => isPastUsable(day, lastUsableDay)))
    return { type: "error", text: message("counter.usableAllPast", { date }) };
  return { type: "info", text: message("counter.usableUntil", { date }) };
}

/** Whether a return day is past the last usable day of the prescription whose code was read. */
export function isPastUsable(date: string, lastUsableDay: string | undefined): boolean {
  return lastUsableDay !== undefined && date > lastUsableDay;
}
