import type { HistoryEntry, Reception } from "@pharmacy/contract/receptions/receptions";
import type { Selectable } from "kysely";
import type { PrescriptionRow, ReceptionAuditTable, ReceptionRow } from "../../db/schema.js";
import type { PhotoRequestFields } from "./repository.js";

/** What of a prescription row reaches the client. */
export type PrescriptionFields = Pick<
  PrescriptionRow,
  | "id"
  | "reception_id"
  | "source_type"
  | "file_id"
  | "exchange_number"
  | "code_status"
  | "rx"
  | "medication_record"
  | "prescription_copy"
>;

/** A photo request as the list's JSON subquery brings it (times as text) or as a row. */
type PhotoRequestValue = Omit<PhotoRequestFields, "requested_at" | "answered_at"> & {
  requested_at: Date | string;
  answered_at: Date | string | null;
};

export function toReception(
  row: ReceptionRow,
  prescriptions: PrescriptionFields[],
  photoRequest?: PhotoRequestValue | null,
): Reception {
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
        ...(prescription.code_status !== null && { codeStatus: prescription.code_status }),
        ...(prescription.rx !== null && { rx: prescription.rx }),
        ...(prescription.medication_record !== null && { medicationRecord: prescription.medication_record }),
        ...(prescription.prescription_copy !== null && { prescriptionCopy: prescription.prescription_copy }),
      })),
    ...(row.called_at && { calledAt: row.called_at.toISOString() }),
    ...(row.handed_over_at && { handedOverAt: row.handed_over_at.toISOString() }),
    ...(row.photos_deleted_at && { photosDeletedAt: row.photos_deleted_at.toISOString() }),
    ...(photoRequest && {
      photoRequest: {
        reason: photoRequest.reason,
        ...(photoRequest.message !== null && { message: photoRequest.message }),
        requestedAt: isoOf(photoRequest.requested_at),
        ...(photoRequest.answered_at !== null && { answeredAt: isoOf(photoRequest.answered_at) }),
      },
    }),
    ...(row.photo_consent_at && { photoConsentAt: row.photo_consent_at.toISOString() }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    patientLanguage: row.patient_language,
    ...(row.household_id !== null && { householdId: row.household_id }),
  };
}

function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
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
