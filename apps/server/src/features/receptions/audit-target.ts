import type { ReceptionStatus } from "@pharmacy/contract/shared/enums";
import { statusChangeText } from "@pharmacy/contract/receptions/status-flow";
import type { AuditTarget } from "../audit/index.js";

/**
 * A reception as the audit log names it: its id and number (never the patient), and the status it
 * moved between when a change moved it (「受付番号 12（確認中 → 調剤中）」).
 */
export function receptionTarget(
  id: string,
  receptionNumber: number,
  partitionNumber: number,
  statusChange?: { from: ReceptionStatus | null; to: ReceptionStatus },
): AuditTarget {
  const label = receptionLabel(receptionNumber, partitionNumber);
  return {
    type: "reception",
    id,
    detail: statusChange ? `${label}（${statusChangeText(statusChange.from, statusChange.to)}）` : label,
  };
}

export function receptionLabel(receptionNumber: number, partitionNumber: number): string {
  return partitionNumber === 0 ? `受付番号 ${receptionNumber}` : `受付番号 ${receptionNumber}-${partitionNumber}`;
}
