import type { ReceptionChannel } from "@pharmacy/contract/shared/enums";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { LanguageTag } from "../i18n/languages";
import { message, type Message } from "../i18n/message";
import { fullDateIn, periodValueIn } from "../i18n/patient-dates";

/**
 * What the patient is told to do next, by the receive method they chose (the contract's
 * `receiveGuidance`, in the patient's language): the same sentence on the done screen, the status page
 * and the counter's done screen.
 */
export function receiveGuidanceOf(language: LanguageTag, answers: Answers, channel: ReceptionChannel): Message {
  switch (answers.receiveMethod) {
    case "ReturnVisit": {
      if (!answers.returnDate) return message("guidance.returnVisitUndated");
      const date = fullDateIn(language, answers.returnDate);
      return answers.returnTimePeriod
        ? message("guidance.returnVisitDayPeriod", {
            date,
            period: periodValueIn(language, answers.returnTimePeriod),
          })
        : message("guidance.returnVisitDay", { date });
    }
    case "Locker":
      return message("guidance.locker");
    case "Delivery":
      return message("guidance.delivery");
    default:
      // A web patient is not in the pharmacy yet: they give the number when they arrive.
      return channel === "Web" ? message("guidance.web") : message("guidance.counter");
  }
}
