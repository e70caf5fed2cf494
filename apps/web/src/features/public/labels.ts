import { formatMonthDay } from "@pharmacy/contract/calendar/date-labels";
import {
  addDays,
  businessClockOf,
  isOpenAt,
  nextOpening,
  type BusinessClock,
} from "@pharmacy/contract/calendar/business-calendar";
import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { readyNotice } from "@pharmacy/contract/public/patient-messages";
import { STATUS_FLOW } from "@pharmacy/contract/receptions/status-flow";
import type { BusinessHours } from "@pharmacy/contract/settings/settings";

/**
 * The reception status in the patient's words. A new reception has no status: it is received, and
 * nobody has looked at it yet (the page adds when the pharmacy opens if it is closed).
 */
export const PATIENT_STATUS: Record<ReceptionStatus | "none", { title: string; detail: string }> = {
  none: { title: "受付しました", detail: "薬剤師が順番に処方箋を確認します。" },
  Reviewing: { title: "確認中", detail: "薬剤師が処方箋の内容を確認しています。" },
  Dispensing: { title: "お薬を準備しています（調剤中）", detail: "準備ができるまで、もうしばらくお待ちください。" },
  Completed: readyNotice(false),
};

/** Staff pressed 「呼び出す」. */
export const CALLED_TEXT = "お呼びしています。お渡し口までお越しください。";

/** Each step's name for the patient: the staff's 未確認 is 受付 to them, and 完了 is お渡し. */
const PATIENT_STEP_LABELS: Record<ReceptionStatus | "none", string> = {
  none: "受付",
  Reviewing: "確認中",
  Dispensing: "調剤中",
  Completed: "お渡し",
};

/** The steps under the status, in the contract's one order (step n is the status of rank n, `statusRank`). */
export const STATUS_STEPS: readonly string[] = ["none" as const, ...STATUS_FLOW].map(
  (status) => PATIENT_STEP_LABELS[status],
);

/** The reception is over: the medicine was handed over. */
export const HANDED_OVER_TITLE = "お薬はお渡し済みです";

/** When it was handed over: 「10:20にお渡ししました。」 today, 「11月27日（金）10:20にお渡ししました。」 on another day. */
export function handedOverDetailOf(handedOverAt: string, today: string): string {
  const { date, time } = businessClockOf(new Date(handedOverAt));
  return `${date === today ? "" : formatMonthDay(date)}${time}にお渡ししました。`;
}

export const OPEN_NOW_TEXT = "ただいま受付時間内です";

/**
 * The top of the public page while closed, saying when it opens: 「本日 9:00」 before today's opening,
 * 「明日 9:00」, or 「11月30日（月）9:00」 further on (the branch's hours, holidays and closed dates, by the
 * contract's `nextOpening`); without an opening in the next month, only that it is closed.
 */
export function closedNowTextOf(hours: BusinessHours, clock: BusinessClock): string {
  const opening = nextOpening(hours, clock);
  if (!opening) return "ただいま営業時間外です。営業時間内に順番にご案内します";
  const day =
    opening.date === clock.date
      ? "本日 "
      : opening.date === addDays(clock.date, 1)
        ? "明日 "
        : formatMonthDay(opening.date);
  return `ただいま営業時間外です。${day}${opening.time.replace(/^0/, "")} から順に確認します`;
}
export const TOO_MANY_REQUESTS_TEXT = "送信が多すぎます。しばらくしてからお試しください";

/** Above the number: 「受付番号」, or 「11月27日（金）の受付番号」 for a reception of another day than today (docs/rules.md#across-days). */
export function numberLabelOf(receptionDate: string, today: string): string {
  return receptionDate === today ? "受付番号" : `${formatMonthDay(receptionDate)}の受付番号`;
}

/** When the pharmacy will look at a reception sent while it is closed: 「11月27日（金）09:00の開店後に確認します。」 */
export function closedNoticeOf(opening: BusinessClock | null): string {
  return opening
    ? `ただいま営業時間外です。${formatMonthDay(opening.date)}${opening.time}の開店後に確認します。`
    : "ただいま営業時間外です。営業時間内に確認します。";
}

/** The done screen's word on when the sent reception is looked at: nothing while open, else the next opening. */
export function sentNoticeOf(hours: BusinessHours, clock: BusinessClock): string | undefined {
  return isOpenAt(clock, hours) ? undefined : closedNoticeOf(nextOpening(hours, clock));
}
