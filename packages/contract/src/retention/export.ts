import * as z from "../shared/zod.js";
import { AuditRowSchema } from "../audit/audit.js";
import { CareContactSchema, FollowUpDetailSchema } from "../follow-ups/follow-ups.js";
import { FileContentTypeSchema } from "../files/files.js";
import { HistoryEntrySchema, ReceptionSchema } from "../receptions/receptions.js";

/**
 * GET `/api/reception/{id}/export` (staff, admin): everything the branch holds about a reception and its
 * patient, for the patient who asks (docs/rules.md#records-kept-and-deleted). Photos are listed with the
 * address staff open them at (`/api/file/{id}`), not inlined: a five-photo reception would be 30 MB of
 * JSON; the printable page shows them.
 */
export const ReceptionExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  pharmacy: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  /** Name, phone, answers, note, its prescriptions with the data read from their codes, photo request. */
  reception: ReceptionSchema,
  photos: z.array(
    z.object({
      fileId: z.uuid(),
      contentType: FileContentTypeSchema,
      size: z.number().int(),
      uploadedAt: z.iso.datetime(),
      path: z.string(),
    }),
  ),
  /** The reception's own history: each change, by whom, before and after. */
  history: z.array(HistoryEntrySchema),
  /** The visitor's contacts for notices while the prescription is made. */
  notices: z.object({
    pushSubscriptions: z.array(z.object({ createdAt: z.iso.datetime(), keptUntil: z.iso.datetime() })),
    mailAddress: z.object({ email: z.string(), keptUntil: z.iso.datetime() }).optional(),
    lineLinks: z.array(
      z.object({ linkedAt: z.iso.datetime(), keptForFollowUps: z.boolean(), keptUntil: z.iso.datetime() }),
    ),
  }),
  /** LINE messages queued or sent about the reception, kept after its LINE links go (mails and pushes are not kept once sent). */
  lineMessages: z.array(
    z.object({ text: z.string(), state: z.string(), createdAt: z.iso.datetime(), sentAt: z.iso.datetime().optional() }),
  ),
  careContact: CareContactSchema.nullable(),
  /** Each follow-up with its questions and the patient's answers. */
  followUps: z.array(FollowUpDetailSchema.omit({ reception: true, contact: true })),
  /** Who opened, changed, exported or deleted any of it (the audit log's entries about it). */
  accessLog: z.array(AuditRowSchema),
});
export type ReceptionExport = z.infer<typeof ReceptionExportSchema>;

/** What a patient may ask to have deleted (`DELETE /api/reception/{id}/{what}`). */
export const PatientDeletionSchema = z.enum(["contacts", "photos", "personal_data"]);
export type PatientDeletion = z.infer<typeof PatientDeletionSchema>;

/** The deletion's path: the server's route with `:id`, the web's call with the reception's id. */
export function patientDeletionPath(id: string, what: PatientDeletion): string {
  return `/api/reception/${id}/${what}`;
}

export const PATIENT_DELETION_LABELS: Record<PatientDeletion, string> = {
  contacts: "連絡先を削除",
  photos: "写真を削除",
  personal_data: "受付ごと削除",
};

/** What the confirmation dialog says each deletion does. */
export const PATIENT_DELETION_EXPLANATIONS: Record<PatientDeletion, string> = {
  contacts:
    "プッシュ通知・メールアドレス・LINEの連携と、体調確認の連絡先を削除します。送信予定のメール・プッシュのフォローアップは終了します。",
  photos: "処方箋の写真と、読み取ったコードのデータを削除します。元に戻せません。",
  personal_data:
    "受付を削除し、氏名・電話番号・問診の回答・メモ・写真・コードのデータ・連絡先をすべて削除します。受付番号と服薬フォローアップの記録（法令により3年間保存）は残ります。元に戻せません。",
};
