import type { HistoryEntry, Reception } from "@pharmacy/contract/receptions";
import type { PrescriptionRow, ReceptionAuditTable, ReceptionRow } from "../../db/schema.js";

export function toReception(row: ReceptionRow, prescriptions: PrescriptionRow[]): Reception {
  return {
    id: row.id,
    receptionNumber: row.reception_number,
    partitionNumber: row.partition_number,
    receptionDate: row.business_date,
    channel: row.channel as Reception["channel"],
    status: row.status as Reception["status"],
    answers: row.answers,
    ...(row.patient_name !== null && { patientName: row.patient_name }),
    ...(row.phone !== null && { phone: row.phone }),
    prescriptions: prescriptions
      .filter((prescription) => prescription.reception_id === row.id)
      .map((prescription) => ({
        prescriptionId: prescription.id,
        sourceType: prescription.source_type as Reception["prescriptions"][number]["sourceType"],
        ...(prescription.file_id !== null && { fileId: prescription.file_id }),
        ...(prescription.exchange_number !== null && { exchangeNumber: prescription.exchange_number }),
      })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toHistoryEntry(row: Omit<ReceptionAuditTable, "seq">): HistoryEntry {
  return {
    id: row.id,
    action: row.action as HistoryEntry["action"],
    actor: row.actor,
    at: row.at.toISOString(),
    ...(row.before !== null && { before: row.before }),
    ...(row.after !== null && { after: row.after }),
  };
}
