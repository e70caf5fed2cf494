import type { ReceptionChannel } from "../shared/enums.js";
import type { Answers } from "../receptions/questions.js";
import { formatFullDate, formatPeriodValue } from "../calendar/date-labels.js";

/** A ready reception in the patient's words: the status page, and the visitor's push and mail. */
export function readyNotice(delivered: boolean): { title: string; detail: string } {
  return delivered
    ? { title: "お薬の準備ができました", detail: "お届けについては薬局からご連絡します。" }
    : { title: "お薬をお渡しできます", detail: "薬局の窓口で受付番号をお伝えください。" };
}

/**
 * What the patient is told to do next, by the receive method they chose: the ticket, the counter's
 * done screen and the web status page all say this one sentence, so they never contradict each other.
 */
export function receiveGuidance(answers: Answers, channel: ReceptionChannel = "Paper"): string {
  switch (answers.receiveMethod) {
    case "ReturnVisit":
      return answers.returnDate
        ? `${formatFullDate(answers.returnDate)}${answers.returnTimePeriod ? `の${formatPeriodValue(answers.returnTimePeriod)}` : ""}にお越しください。お薬はそのときにお渡しします。`
        : "ご来局の際にお薬をお渡しします。";
    case "Locker":
      return "お薬の準備ができましたら、ロッカーでのお受け取り方法をご案内します。";
    case "Delivery":
      return "お薬はご自宅へお届けします。お届けについては薬局からご連絡します。";
    default:
      // A web patient is not in the pharmacy yet: they give the number when they arrive.
      return channel === "Web"
        ? "薬局にお越しの際は、窓口で受付番号をお伝えください。"
        : "お薬の準備ができましたら、受付番号でお呼びします。店内でお待ちください。";
  }
}
