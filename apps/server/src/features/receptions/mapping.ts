import type { HistoryEntry, Reception } from "@pharmacy/contract/receptions";
import type { Selectable } from "kysely";
import type { PrescriptionRow, ReceptionAuditTable, ReceptionRow } from "../../db/schema.js";

/** What of a prescription row reaches the client. */
export type PrescriptionFields = Pick<PrescriptionRow, "id" | "reception_id" | "source_type" | "file_id" | "exchange_number">;

export function toReception(row: ReceptionRow, prescriptions: PrescriptionFields[]): Reception {
  return {
    id: row.id,
    receptionNumber: row.reception_number,
    partitionNumber: row.partition_number,
    receptionDate: row.business_date,
    channel: row.channel,
    status: row.status,
    answers: row.answers,
    ...(row.patient_name !== null && { patientName: row.patient_name }),
    ...(row.phone !== null && { phone: row.phone }),
    ...(row.note !== null && { note: row.note }),
    prescriptions: prescriptions
      .filter((prescription) => prescription.reception_id === row.id)
      .map((prescription) => ({
        prescriptionId: prescription.id,
        sourceType: prescription.source_type,
        ...(prescription.file_id !== null && { fileId: prescription.file_id }),
        ...(prescription.exchange_number !== null && { exchangeNumber: prescription.exchange_number }),
      })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toHistoryEntry(row: Selectable<ReceptionAuditTable>): HistoryEntry {
  return {
    id: row.id,
    action: row.action,
    actor: row.actor,
    at: row.at.toISOString(),
    ...(row.before !== null && { before: row.before }),
    ...(row.after !== null && { after: row.after }),
  };
}
