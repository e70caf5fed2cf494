import type { ReceptionStatus } from "@pharmacy/contract/enums";

/** Staff move a reception 確認中 → 調剤中 → 完了, and back one step; it never returns to 未確認. */
export const STATUS_FLOW: readonly ReceptionStatus[] = ["Reviewing", "Dispensing", "Completed"];

export function nextStatus(status: ReceptionStatus | null): ReceptionStatus | undefined {
  if (status === null) return STATUS_FLOW[0];
  return STATUS_FLOW[STATUS_FLOW.indexOf(status) + 1];
}

export function previousStatus(status: ReceptionStatus | null): ReceptionStatus | undefined {
  if (status === null) return undefined;
  const index = STATUS_FLOW.indexOf(status);
  return index > 0 ? STATUS_FLOW[index - 1] : undefined;
}

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
