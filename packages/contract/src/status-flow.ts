import { ReceptionStatusSchema, type ReceptionStatus } from "./enums.js";

/**
 * The one order of a reception's status: 未確認 (null) → 確認中 → 調剤中 → 完了. Staff move it one step
 * either way and never back to 未確認; the server keeps the earlier step when partitions join.
 */
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

/** Where a status stands in the flow: 未確認 (null) is 0, 完了 the last. */
export function statusRank(status: ReceptionStatus | null): number {
  return status === null ? 0 : STATUS_FLOW.indexOf(status) + 1;
}

export function nextStatus(status: ReceptionStatus | null): ReceptionStatus | undefined {
  return STATUS_FLOW[statusRank(status)];
}

export function previousStatus(status: ReceptionStatus | null): ReceptionStatus | undefined {
  const rank = statusRank(status);
  return rank > 1 ? STATUS_FLOW[rank - 2] : undefined;
}

/** The earlier step of the two (未確認 < 確認中 < 調剤中 < 完了). */
export function lessAdvanced(a: ReceptionStatus | null, b: ReceptionStatus | null): ReceptionStatus | null {
  return statusRank(a) <= statusRank(b) ? a : b;
}
