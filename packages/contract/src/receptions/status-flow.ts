import { ReceptionStatusSchema, type ReceptionStatus } from "../shared/enums.js";

/** The one order of a reception's status: 未確認 (null) → 確認中 → 調剤中 → 完了. */
export const STATUS_FLOW: readonly ReceptionStatus[] = ReceptionStatusSchema.options;

/** The statuses' Japanese names, staff screens and audit log alike; `none` is a reception nobody has opened yet. */
export const STATUS_LABELS: Record<ReceptionStatus | "none", string> = {
  none: "未確認",
  Reviewing: "確認中",
  Dispensing: "調剤中",
  Completed: "完了",
};

/** 「確認中 → 調剤中」: a status change as the audit log says it. */
export function statusChangeText(from: ReceptionStatus | null, to: ReceptionStatus | null): string {
  return `${STATUS_LABELS[from ?? "none"]} → ${STATUS_LABELS[to ?? "none"]}`;
}

/** Where a reception stands: its status, and whether its medicine is handed over (お渡し済み). */
interface Standing {
  status: ReceptionStatus | null;
  handedOver: boolean;
}

/**
 * Where staff may move a reception's status from each one (未確認 is `none`): forward any number of
 * steps (a quick prescription goes from 確認中 straight to 完了), back one step (a slip of the finger),
 * never back to 未確認 (someone has looked at it). A reception handed over (お渡し済み) moves no more:
 * `statusMovesOf`. The server refuses any other move with 409 1102; the staff buttons offer these.
 */
export const STATUS_MOVES: Readonly<Record<ReceptionStatus | "none", readonly ReceptionStatus[]>> = {
  none: ["Reviewing", "Dispensing", "Completed"],
  Reviewing: ["Dispensing", "Completed"],
  Dispensing: ["Reviewing", "Completed"],
  Completed: ["Dispensing"],
};

/** What a reception's status may become now: nothing once its medicine is handed over. */
export function statusMovesOf(reception: Standing): readonly ReceptionStatus[] {
  return reception.handedOver ? [] : STATUS_MOVES[reception.status ?? "none"];
}

/** Whether setting `to` is allowed: staying where it is always is (nothing changes). */
export function isStatusMoveAllowed(reception: Standing, to: ReceptionStatus): boolean {
  return to === reception.status || statusMovesOf(reception).includes(to);
}

/** Where a status stands in the flow: 未確認 (null) is 0, 完了 the last. */
export function statusRank(status: ReceptionStatus | null): number {
  return status === null ? 0 : STATUS_FLOW.indexOf(status) + 1;
}

/** The allowed move one step forward (the staff's main button), if any. */
export function nextStatus(reception: Standing): ReceptionStatus | undefined {
  return statusMovesOf(reception).find((to) => statusRank(to) === statusRank(reception.status) + 1);
}

/** The allowed move one step back, if any. */
export function previousStatus(reception: Standing): ReceptionStatus | undefined {
  return statusMovesOf(reception).find((to) => statusRank(to) === statusRank(reception.status) - 1);
}

/** The earlier step of the two (未確認 < 確認中 < 調剤中 < 完了), kept when partitions join. */
export function lessAdvanced(a: ReceptionStatus | null, b: ReceptionStatus | null): ReceptionStatus | null {
  return statusRank(a) <= statusRank(b) ? a : b;
}
