import type { AuditTarget } from "../audit/index.js";

/** A reception as the audit log names it: its id and number (never the patient). */
export function receptionTarget(id: string, receptionNumber: number, partitionNumber: number): AuditTarget {
  return { type: "reception", id, detail: receptionLabel(receptionNumber, partitionNumber) };
}

export function receptionLabel(receptionNumber: number, partitionNumber: number): string {
  return partitionNumber === 0 ? `受付番号 ${receptionNumber}` : `受付番号 ${receptionNumber}-${partitionNumber}`;
}
