import type { PrescriptionSourceType, ReceptionChannel, ReceptionStatus } from "@pharmacy/contract/shared/enums";
import type { HistoryEntry, Reception } from "@pharmacy/contract/receptions/receptions";

/** Japanese names of the reception enums; answer values use the contract's ANSWER_LABELS. */

import { STATUS_LABELS } from "@pharmacy/contract/receptions/status-flow";

// the statuses' names are the contract's: the audit log says them too
export { STATUS_LABELS };

/** How a reception shows in the list: its status, and 完了 split into ready (完了) and handed over (お渡し済み). */
export type ShownStatus = ReceptionStatus | "none" | "handedOver";

/** The list's tags and tabs: 完了 is ready and not yet taken; お渡し済み is a state of its own (docs/rules.md#across-days). */
export const SHOWN_STATUS_LABELS: Record<ShownStatus, string> = { ...STATUS_LABELS, handedOver: "お渡し済み" };

/** antd Tag colours per status: unopened stands out, ready is green, handed over recedes. */
export const STATUS_COLORS: Record<ShownStatus, string> = {
  none: "red",
  Reviewing: "gold",
  Dispensing: "blue",
  Completed: "green",
  handedOver: "default",
};

/** Staff pressed 「呼び出す」 on a ready reception not yet handed over (shown beside 完了). */
export const CALLED_LABEL = "呼出済み";
/** Its tag colour: geekblue keeps ≥ 4.5:1 on its own background (cyan did not, axe-core). */
export const CALLED_COLOR = "geekblue";

/** Not handed over `UNCOLLECTED_AFTER_DAYS` after its pickup day: staff call the patient. */
export const UNCOLLECTED_LABEL = "未受取";
/** Its tag colour: red keeps ≥ 4.5:1 on its own background (volcano, 4.4:1, did not, axe-core). */
export const UNCOLLECTED_COLOR = "red";

export function statusKey(status: ReceptionStatus | null): ReceptionStatus | "none" {
  return status ?? "none";
}

/** A counter reception the patient has not confirmed yet: greyed as 受付中, outside the 未確認 count. */
export const IN_PROGRESS_LABEL = "受付中";

export type ListStatus = ShownStatus | "inProgress";

/** How a reception shows and counts in the day list: 受付中 until confirmed, then by its status, お渡し済み once handed over. */
export function listStatusOf(reception: Pick<Reception, "status" | "confirmedAt" | "handedOverAt">): ListStatus {
  if (reception.confirmedAt === null) return "inProgress";
  return reception.status === "Completed" && reception.handedOverAt ? "handedOver" : statusKey(reception.status);
}

export const CHANNEL_LABELS: Record<ReceptionChannel, string> = {
  Paper: "店頭",
  Web: "Web",
};

export const SOURCE_TYPE_LABELS: Record<PrescriptionSourceType, string> = {
  Paper: "紙の処方箋",
  Electronic: "電子処方箋",
  Refill: "リフィル処方箋",
  Line: "LINE",
  App: "アプリ",
  Fax: "FAX",
  Others: "その他",
};

export const HISTORY_ACTION_LABELS: Record<HistoryEntry["action"], string> = {
  created: "受付を作成",
  status_changed: "ステータスを変更",
  answers_changed: "回答を変更",
  details_changed: "患者情報を変更",
  split: "処方箋を移動",
  prescription_added: "処方箋を追加",
  prescription_removed: "処方箋を削除",
  called: "呼び出し",
  handed_over: "お渡し済み",
  photo_requested: "写真の再送を依頼",
  photos_received: "新しい写真を受信",
  deleted: "受付を削除",
  confirmed: "受付を確定",
  abandoned: "受付を中断（自動削除）",
};

/** Button text for moving to that status. */
export const ADVANCE_LABELS: Record<ReceptionStatus, string> = {
  Reviewing: "確認中にする",
  Dispensing: "調剤中にする",
  Completed: "完了にする",
};

export const BACK_LABELS: Record<ReceptionStatus, string> = {
  Reviewing: "確認中に戻す",
  Dispensing: "調剤中に戻す",
  Completed: "完了に戻す",
};
