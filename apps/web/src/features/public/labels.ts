import {
  addDays,
  businessClockOf,
  isOpenAt,
  nextOpening,
  type BusinessClock,
} from "@pharmacy/contract/calendar/business-calendar";
import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { STATUS_FLOW } from "@pharmacy/contract/receptions/status-flow";
import type { BusinessHours } from "@pharmacy/contract/settings/settings";
import { isJapanese, type LanguageTag } from "../../lib/i18n/languages";
import { message, type Message } from "../../lib/i18n/message";
import { clockTimeIn, instantTimeIn, monthDayIn } from "../../lib/i18n/patient-dates";

/**
 * The patient's words that depend on the reception or the clock, as messages of the patient catalogs
 * (`lib/i18n`): the component says them in the chosen language.
 */

/**
 * The reception status in the patient's words. A new reception has no status: it is received, and
 * nobody has looked at it yet (the page adds when the pharmacy opens if it is closed). A ready one
 * to be delivered says the pharmacy will call.
 */
export function patientStatusOf(
  status: ReceptionStatus | null,
  delivered: boolean,
): { title: Message; detail: Message } {
  switch (status) {
    case "Reviewing":
      return { title: message("status.reviewingTitle"), detail: message("status.reviewingDetail") };
    case "Dispensing":
      return { title: message("status.dispensingTitle"), detail: message("status.dispensingDetail") };
    case "Completed":
      return delivered
        ? { title: message("status.readyDeliveredTitle"), detail: message("status.readyDeliveredDetail") }
        : { title: message("status.readyTitle"), detail: message("status.readyDetail") };
    default:
      return { title: message("status.receivedTitle"), detail: message("status.receivedDetail") };
  }
}

/** Each step's name for the patient: the staff's 未確認 is 受付 to them, and 完了 is お渡し. */
const PATIENT_STEP_LABELS: Record<ReceptionStatus | "none", Message> = {
  none: message("status.stepReceived"),
  Reviewing: message("status.stepReviewing"),
  Dispensing: message("status.stepDispensing"),
  Completed: message("status.stepReady"),
};

/** The steps under the status, in the contract's one order (step n is the status of rank n, `statusRank`). */
export const STATUS_STEPS: readonly Message[] = ["none" as const, ...STATUS_FLOW].map(
  (status) => PATIENT_STEP_LABELS[status],
);

/** When it was handed over: 「10:20にお渡ししました。」 today, 「11月27日（金）10:20にお渡ししました。」 on another day. */
export function handedOverDetailOf(language: LanguageTag, handedOverAt: string, today: string): Message {
  const { date } = businessClockOf(new Date(handedOverAt));
  const time = instantTimeIn(language, handedOverAt);
  return date === today
    ? message("status.handedOverToday", { time })
    : message("status.handedOverOn", { date: monthDayIn(language, date), time });
}

/**
 * The top of the public page while closed, saying when it opens: 「本日 9:00」 before today's opening,
 * 「明日 9:00」, or 「11月30日（月）9:00」 further on (the branch's hours, holidays and closed dates, by the
 * contract's `nextOpening`); without an opening in the next month, only that it is closed.
 */
export function closedNowTextOf(language: LanguageTag, hours: BusinessHours, clock: BusinessClock): Message {
  const opening = nextOpening(hours, clock);
  if (!opening) return message("pharmacy.closedNowNoOpening");
  const time = clockTimeIn(language, opening.time);
  if (opening.date === clock.date) return message("pharmacy.closedNowToday", { time });
  if (opening.date === addDays(clock.date, 1)) return message("pharmacy.closedNowTomorrow", { time });
  return message("pharmacy.closedNowOn", { date: monthDayIn(language, opening.date), time });
}

/** Above the number: 「受付番号」, or 「11月27日（金）の受付番号」 for a reception of another day than today (docs/rules.md#across-days). */
export function numberLabelOf(language: LanguageTag, receptionDate: string, today: string): Message {
  return receptionDate === today
    ? message("reception.numberLabel")
    : message("reception.numberLabelOn", { date: monthDayIn(language, receptionDate) });
}

/** When the pharmacy will look at a reception sent while it is closed: 「11月27日（金）09:00の開店後に確認します。」 */
export function closedNoticeOf(language: LanguageTag, opening: BusinessClock | null): Message {
  if (!opening) return message("reception.closedNoticeNoOpening");
  return message("reception.closedNotice", {
    date: monthDayIn(language, opening.date),
    time: isJapanese(language) ? opening.time : clockTimeIn(language, opening.time),
  });
}

/** The done screen's word on when the sent reception is looked at: nothing while open, else the next opening. */
export function sentNoticeOf(language: LanguageTag, hours: BusinessHours, clock: BusinessClock): Message | undefined {
  return isOpenAt(clock, hours) ? undefined : closedNoticeOf(language, nextOpening(hours, clock));
}
