import * as z from "../shared/zod.js";
import { toHalfWidthDigits } from "../shared/half-width.js";
import { TextSchema } from "../shared/text.js";
import { PrescriptionSourceTypeSchema, ReceptionChannelSchema, ReceptionStatusSchema } from "../shared/enums.js";
import { PatientLanguageSchema } from "../shared/languages.js";
import { PatientNameSchema } from "./patient-name.js";
import { PhotoRequestSchema } from "./photo-requests.js";
import { AnswersSchema, ApiDateSchema } from "./questions.js";
import { CodeReadStatusSchema, ExchangeNumberSchema, RxSchema } from "../files/prescription-data.js";
import { MedicationRecordSchema } from "../files/medication-record.js";
import { PrescriptionCopySchema } from "../files/prescription-copy.js";

export const MAX_PARTITION_NUMBER = 20;

export const IdSchema = z.uuid("IDの形式が正しくありません");

export const PrescriptionSchema = z.object({
  prescriptionId: z.uuid(),
  sourceType: PrescriptionSourceTypeSchema,
  fileId: z.uuid().optional(),
  /** 引換番号 of an electronic prescription (digits). */
  exchangeNumber: z.string().optional(),
  /** What reading the photo's 2D code gave; absent without a photo. */
  codeStatus: CodeReadStatusSchema.optional(),
  /** The prescription read from the code (on the photo holding its first symbol). */
  rx: RxSchema.optional(),
  /** An お薬手帳 code (JAHISTC) read from the photo: the patient's other medicines (docs/rules.md#every-code-a-patient-brings). */
  medicationRecord: MedicationRecordSchema.optional(),
  /** An e-prescription's 控え read from the photo; its 引換番号 is `exchangeNumber`. */
  prescriptionCopy: PrescriptionCopySchema.optional(),
});
export type Prescription = z.infer<typeof PrescriptionSchema>;

export const ReceptionSchema = z.object({
  id: z.uuid(),
  receptionNumber: z.number().int(),
  partitionNumber: z.number().int(),
  receptionDate: ApiDateSchema,
  channel: ReceptionChannelSchema,
  status: ReceptionStatusSchema.nullable(),
  answers: AnswersSchema,
  patientName: z.string().optional(),
  phone: z.string().optional(),
  /** The staff's note (「メモ」); never shown to the patient. */
  note: z.string().optional(),
  prescriptions: z.array(PrescriptionSchema),
  /** When staff last pressed 「呼び出す」 on it (Completed only). */
  calledAt: z.iso.datetime().optional(),
  /** When the medicine was handed over (「お渡し済み」): off the calling display. */
  handedOverAt: z.iso.datetime().optional(),
  /** The latest request for new photos, and whether the visitor answered it. */
  photoRequest: PhotoRequestSchema.optional(),
  /** When its photos and read code data were deleted (retention period over, or the patient's request). */
  photosDeletedAt: z.iso.datetime().optional(),
  /** When the visitor consented to the use of the photos they sent from the public pages (the latest send's). */
  photoConsentAt: z.iso.datetime().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** When the patient confirmed it; null while a counter flow is still open (受付中). */
  confirmedAt: z.iso.datetime().nullable(),
  /** The language the patient reads and is sent notices in (docs/rules.md#every-patient); staff see 「英語」 etc. */
  patientLanguage: PatientLanguageSchema,
  /**
   * The receptions sent together from one phone (「家族の分もまとめて」, docs/rules.md#family) share it: staff
   * see 「同じ家族 2件」 and call them together. Made by the server; absent for a reception sent alone.
   */
  householdId: z.uuid().optional(),
});
export type Reception = z.infer<typeof ReceptionSchema>;

/** Staff's 「呼び出す」 and 「お渡し済み」 on a ready reception, each its own POST (`waitActionPath`). */
export const WaitActionSchema = z.enum(["call", "hand_over"]);
export type WaitAction = z.infer<typeof WaitActionSchema>;
export const WaitAction = WaitActionSchema.enum;

/** The address of a wait action: the server's route with `:id`, the web's call with the reception's id. */
export function waitActionPath(id: string, action: WaitAction): string {
  return `/api/reception/${id}/${action}`;
}

/** Said when a reception is not there (never was, deleted, or another branch's), to staff and visitors alike. */
export const RECEPTION_NOT_FOUND_MESSAGE = "受付が見つかりません。取り消された可能性があります。";

const pageNumber = z.coerce.number().int().min(1).max(10_000);

export const ReceptionListQuerySchema = z.strictObject({
  date: ApiDateSchema.optional(),
  status: ReceptionStatusSchema.optional(),
  channel: ReceptionChannelSchema.optional(),
  page: pageNumber.default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type ReceptionListQuery = z.input<typeof ReceptionListQuerySchema>;

/**
 * A day's page of receptions; for today also `carried` (持ち越し, docs/rules.md#across-days): every earlier reception
 * `isCarriedOnto` today (across-days.ts), all of them whatever the page, oldest day first.
 */
export const ReceptionListSchema = z.object({
  receptions: z.array(ReceptionSchema),
  total: z.number().int(),
  carried: z.array(ReceptionSchema),
});
export type ReceptionList = z.infer<typeof ReceptionListSchema>;

export const PhoneSchema = z
  .string({ error: "電話番号を入力してください" })
  .trim()
  .transform(toHalfWidthDigits)
  .pipe(z.string().regex(/^[0-9+\-() ]{0,20}$/, "電話番号は数字とハイフンで入力してください"));

export const NOTE_MAX_LENGTH = 500;
export const NoteSchema = z
  .string({ error: "メモは文字で入力してください" })
  .trim()
  .max(NOTE_MAX_LENGTH, `メモは${NOTE_MAX_LENGTH}文字以内で入力してください`);

export const UpdateReceptionSchema = z.strictObject({
  id: IdSchema,
  status: ReceptionStatusSchema.optional(),
  answers: AnswersSchema.optional(),
  patientName: PatientNameSchema.optional(),
  phone: PhoneSchema.optional(),
  note: NoteSchema.optional(),
  /** 引換番号: kept on the reception's electronic prescription (made when missing); "" removes it. */
  exchangeNumber: ExchangeNumberSchema.optional(),
});
export type UpdateReceptionInput = z.infer<typeof UpdateReceptionSchema>;

/** What the counter kiosk's flow sets on its own unconfirmed reception (the answers, the 引換番号); never status or note. */
export const COUNTER_UPDATABLE_FIELDS = [
  "answers",
  "exchangeNumber",
] as const satisfies readonly (keyof UpdateReceptionInput)[];

export const ReceptionIdParamsSchema = z.strictObject({ id: IdSchema });
export const PrescriptionParamsSchema = z.strictObject({ id: IdSchema, prescriptionId: IdSchema });

export const MovePrescriptionSchema = z.strictObject({
  partitionNumber: z
    .number()
    .int()
    .min(1)
    .max(MAX_PARTITION_NUMBER, `分割番号は${MAX_PARTITION_NUMBER}以下にしてください`),
});

/** GET /api/reception/pickups?date=: the receptions whose pickup day (across-days.ts) is that date, not handed over. */
export const PickupsQuerySchema = z.strictObject({ date: ApiDateSchema.optional() });
export const PickupsSchema = z.object({ receptions: z.array(ReceptionSchema) });
export type Pickups = z.infer<typeof PickupsSchema>;

export const ReceptionDatesSchema = z.object({
  dates: z.array(z.object({ date: ApiDateSchema, count: z.number().int() })),
});
export type ReceptionDates = z.infer<typeof ReceptionDatesSchema>;

export const HistoryActionSchema = z.enum([
  "created",
  "status_changed",
  "answers_changed",
  "details_changed",
  "split",
  "prescription_added",
  "prescription_removed",
  "deleted",
  /** The patient confirmed a counter kiosk's reception. */
  "confirmed",
  /** A counter reception left unconfirmed (15 minutes, or a kiosk reset) and deleted; its number stays used. */
  "abandoned",
  "called",
  "handed_over",
  "photo_requested",
  "photos_received",
]);
export type HistoryAction = z.infer<typeof HistoryActionSchema>;

export const HistoryEntrySchema = z.object({
  id: z.uuid(),
  action: HistoryActionSchema,
  actor: z.string(),
  at: z.iso.datetime(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** `?answers=key:value&answers=…` of the ticket preview: one string or several. */
export const PreviewQuerySchema = z.strictObject({
  answers: z.union([TextSchema, z.array(TextSchema)]).optional(),
});

export const HistoryResponseSchema = z.object({ history: z.array(HistoryEntrySchema) });
