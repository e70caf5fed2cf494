import type { Answers } from "./questions.js";
import type { ReceptionStatus } from "../shared/enums.js";
import { addDays, isOpenAt, nextOpening, type BusinessClock } from "../calendar/business-calendar.js";
import type { BusinessHours } from "../settings/settings.js";

/**
 * docs/rules.md#across-days: a reception's life across days, one module for the server and the web. Dates are
 * business days ("YYYY-MM-DD", Asia/Tokyo) and compare as strings.
 */

/** A reception not handed over this many days after its pickup day is 「未受取」: staff call the patient. */
export const UNCOLLECTED_AFTER_DAYS = 3;

/** A visitor's push subscriptions and e-mail address are kept at most this many days after the pickup day. */
export const NOTICES_KEPT_DAYS_AFTER_PICKUP = 14;

/**
 * The business day a Web reception sent at `clock` belongs to: today while the branch is open (or
 * before today's opening), else the next opening's day; today when no opening is set in the next month.
 */
export function webReceptionDay(hours: BusinessHours, clock: BusinessClock): string {
  if (isOpenAt(clock, hours)) return clock.date;
  return nextOpening(hours, clock)?.date ?? clock.date;
}

/** What of a reception the rules of this module read. */
export interface ReceptionDayFacts {
  receptionDate: string;
  status: ReceptionStatus | null;
  answers: Pick<Answers, "receiveMethod" | "returnDate">;
  handedOverAt?: string | null | undefined;
}

/** The day the patient collects the medicine: the return visit's date for 後で取りに来る, else the reception's own day. */
export function pickupDateOf(reception: Pick<ReceptionDayFacts, "receptionDate" | "answers">): string {
  const { receiveMethod, returnDate } = reception.answers;
  return receiveMethod === "ReturnVisit" && returnDate ? returnDate : reception.receptionDate;
}

/**
 * Whether an earlier day's reception is carried onto `today`'s list (持ち越し): not yet Completed
 * (however old), or Completed and not handed over from its pickup day on.
 */
export function isCarriedOnto(reception: ReceptionDayFacts, today: string): boolean {
  if (reception.receptionDate >= today) return false;
  if (reception.status !== "Completed") return true;
  return !reception.handedOverAt && pickupDateOf(reception) <= today;
}

/** 「未受取」: not handed over `UNCOLLECTED_AFTER_DAYS` days after its pickup day. */
export function isUncollected(reception: ReceptionDayFacts, today: string): boolean {
  return !reception.handedOverAt && addDays(pickupDateOf(reception), UNCOLLECTED_AFTER_DAYS) <= today;
}

/** The last business day a reception's notices (push, e-mail) are kept when it is not handed over before. */
export function noticesKeptUntil(reception: Pick<ReceptionDayFacts, "receptionDate" | "answers">): string {
  return addDays(pickupDateOf(reception), NOTICES_KEPT_DAYS_AFTER_PICKUP);
}
