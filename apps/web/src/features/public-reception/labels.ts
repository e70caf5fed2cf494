import { formatMonthDay } from "@pharmacy/contract/date-labels";
import { isOpenAt, nextOpening, type BusinessClock } from "@pharmacy/contract/business-calendar";
import type { ReceptionStatus } from "@pharmacy/contract/enums";
import { readyNotice } from "@pharmacy/contract/patient-messages";
import type { BusinessHours } from "@pharmacy/contract/settings";

/**
 * The reception status in the patient's words. A new reception has no status: it is received, and
 * nobody has looked at it yet (the page adds when the pharmacy opens if it is closed).
 */
export const PATIENT_STATUS: Record<ReceptionStatus | "none", { title: string; detail: string; step: number }> = {
  none: { title: "受付しました", detail: "薬剤師が順番に処方箋を確認します。", step: 0 },
  Reviewing: { title: "確認中", detail: "薬剤師が処方箋の内容を確認しています。", step: 1 },
  Dispensing: {
    title: "お薬を準備しています（調剤中）",
    detail: "準備ができるまで、もうしばらくお待ちください。",
    step: 2,
  },
  Completed: { ...readyNotice(false), step: 3 },
};

/** Staff pressed 「呼び出す」. */
export const CALLED_TEXT = "お呼びしています。お渡し口までお越しください。";

export const STATUS_STEPS = ["受付", "確認中", "調剤中", "お渡し"] as const;

export const OPEN_NOW_TEXT = "ただいま受付時間内です";
export const CLOSED_NOW_TEXT = "ただいま営業時間外です。営業時間内に順番にご案内します";
export const TOO_MANY_REQUESTS_TEXT = "送信が多すぎます。しばらくしてからお試しください";

/** Above the number: 「受付番号」, or 「11月27日（金）の受付番号」 for a reception of another day than today (SPEC §11). */
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
