import * as z from "../shared/zod.js";
import { EmailSchema } from "../auth/auth.js";
import { TextSchema } from "../shared/text.js";
import { ReceiveMethodSchema, ReceptionStatusSchema } from "../shared/enums.js";
import { toHalfWidthDigits } from "../shared/half-width.js";
import { toKatakana } from "../shared/katakana.js";
import { AnswersSchema, AnswerValueSchemas, ApiDateSchema, type Answers } from "../receptions/questions.js";
import { PhotoRequestSchema } from "../receptions/photo-requests.js";
import { PatientNameSchema } from "../receptions/patient-name.js";
import { ExchangeNumberSchema } from "../files/prescription-data.js";
import { CodeSymbolSchema, MAX_SYMBOLS_PER_PHOTO } from "../files/code-symbols.js";
import { BusinessHoursSchema, PeriodSchema, QuestionSettingSchema } from "../settings/settings.js";

export const PublicSlugParamsSchema = z.strictObject({
  publicSlug: z.string().regex(/^[a-z0-9]{6,32}$/, "URLが正しくありません"),
});
export const StatusTokenParamsSchema = z.strictObject({
  statusToken: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, "URLが正しくありません"),
});

export const PublicPharmacySchema = z.object({
  name: z.string(),
  notice: z.string().optional(),
  address: z.string(),
  phone: z.string(),
  businessHours: BusinessHoursSchema,
  today: z.object({ date: ApiDateSchema, periods: z.array(PeriodSchema), openNow: z.boolean() }),
  questions: z.array(QuestionSettingSchema),
  enabledReceiveMethods: z.array(ReceiveMethodSchema),
  webQuestionnaireUrl: z.string().optional(),
  /** National holidays from today to the end of the return-visit window, named (closed unless 祝日も営業する). */
  holidays: z.array(z.object({ date: ApiDateSchema, name: z.string() })),
  /** About how long a patient arriving now waits (minutes, rounded to 5); absent without enough recent data. */
  waitMinutes: z.number().int().optional(),
  /** The branch's 利用目的 (its settings' `privacyNotice`), shown on every public page. */
  privacyNotice: z.string(),
});
export type PublicPharmacy = z.infer<typeof PublicPharmacySchema>;

/** Kana, as pharmacies call patients by reading; spaces allowed; hiragana kept as katakana. */
export const KanaNameSchema = PatientNameSchema.pipe(
  z
    .string()
    .min(1, "お名前（フリガナ）を入力してください")
    .regex(
      /^[\p{Script=Katakana}\p{Script=Hiragana}ー・\s\u3000]+$/u,
      "お名前はカタカナまたはひらがなで入力してください",
    )
    .transform(toKatakana),
);

export const MobilePhoneSchema = z
  .string({ error: "電話番号を入力してください" })
  .trim()
  .transform((value) => toHalfWidthDigits(value).replace(/[-\s]/g, ""))
  .pipe(z.string().regex(/^0\d{9,10}$/, "電話番号は半角数字10〜11桁で入力してください"));

export const MAX_WEB_PHOTOS = 5;
/** Said by the server when more photos come and by the web form when more are picked. */
export const TOO_MANY_PHOTOS_MESSAGE = `写真は${MAX_WEB_PHOTOS}枚まで送れます。`;
/** The longest `photoCodes` sent: the browser leaves the field out beyond it and the server reads the photos alone. */
export const MAX_PHOTO_CODES_CHARS = 60_000;

function jsonField(message: string) {
  return (text: string, ctx: z.RefinementCtx): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
  };
}

/**
 * The QR symbols the browser read in each photo at its full resolution, before making it smaller
 *, by the photos' order, as JSON. The server keeps its own reading of a photo that shows a code.
 */
const PhotoCodesFieldSchema = z
  .string()
  .max(MAX_PHOTO_CODES_CHARS)
  .transform(jsonField("読み取ったコードの形式が正しくありません"))
  .pipe(z.array(z.array(CodeSymbolSchema).max(MAX_SYMBOLS_PER_PHOTO)).max(MAX_WEB_PHOTOS));

/**
 * 「処方箋の写真の利用に同意する」 (docs/rules.md#notice-and-consent): a public send with photos must
 * carry `"true"`; without it the server refuses the photos (400, `ErrorCode.PhotoConsentRequired`).
 */
const PhotoConsentFieldSchema = z
  .enum(["true", "false"], { error: "写真の利用への同意の指定が正しくありません" })
  .transform((value) => value === "true");

/** The text fields sent with photos staff asked for. */
export const RequestedPhotosFieldsSchema = z.strictObject({
  photoCodes: PhotoCodesFieldSchema.optional(),
  photoConsent: PhotoConsentFieldSchema.optional(),
});

/** Photos may be taken only with the visitor's consent to their use. */
export function lacksPhotoConsent(photoCount: number, photoConsent: boolean | undefined): boolean {
  return photoCount > 0 && photoConsent !== true;
}

/**
 * 「家族の分もまとめて」 (docs/rules.md#family): the most people one send carries, the sender included.
 * Six covers parents, children and a grandparent; past it a send is refused whole.
 */
export const MAX_HOUSEHOLD_PEOPLE = 6;
/** The longest `household` field: the people and the codes read in their photos. */
export const MAX_HOUSEHOLD_CHARS = 60_000;
export const TOO_MANY_PEOPLE_MESSAGE = `ご家族の分は${MAX_HOUSEHOLD_PEOPLE}人までまとめて送れます。`;

/**
 * Another person of the sender's household: their own name, answers and photos. Their photos follow
 * the sender's in the multipart body, `photoCount` of them each, in the people's order. No id: the
 * server makes the household, and a field it does not know is refused.
 */
export const HouseholdMemberSchema = z.strictObject({
  patientName: KanaNameSchema,
  /** The sender's phone when left out. */
  phone: MobilePhoneSchema.optional(),
  answers: AnswersSchema,
  exchangeNumber: ExchangeNumberSchema.optional(),
  photoCount: z.number().int().min(0).max(MAX_WEB_PHOTOS, TOO_MANY_PHOTOS_MESSAGE),
  photoCodes: z.array(z.array(CodeSymbolSchema).max(MAX_SYMBOLS_PER_PHOTO)).max(MAX_WEB_PHOTOS).optional(),
});
export type HouseholdMember = z.input<typeof HouseholdMemberSchema>;

/** The `household` field: JSON, the other people (1 to MAX_HOUSEHOLD_PEOPLE − 1), each its own reception. */
export const HouseholdFieldSchema = TextSchema.max(MAX_HOUSEHOLD_CHARS)
  .transform(jsonField("ご家族の分の形式が正しくありません"))
  .pipe(
    z
      .array(HouseholdMemberSchema)
      .min(1, "ご家族の分が空です")
      .max(MAX_HOUSEHOLD_PEOPLE - 1, TOO_MANY_PEOPLE_MESSAGE),
  );

/** The multipart text fields of a web reception; `answers`, `photoCodes` and `household` are JSON. */
export const WebReceptionFieldsSchema = z
  .strictObject({
    patientName: KanaNameSchema,
    phone: MobilePhoneSchema,
    answers: TextSchema.max(4000).transform(jsonField("回答の形式が正しくありません")).pipe(AnswersSchema),
    /** 引換番号 of an electronic prescription shown with 資格確認書・保険証. */
    exchangeNumber: ExchangeNumberSchema.optional(),
    /** Optional: the same messages as the push (ready, called, new photos asked for) by mail. */
    email: EmailSchema.optional(),
    photoCodes: PhotoCodesFieldSchema.optional(),
    photoConsent: PhotoConsentFieldSchema.optional(),
    /** 「服薬後に体調確認の連絡を受け取る」 (docs/rules.md#continuity-of-care): keeps `email` (and the page's push) for follow-ups; needs `email`. */
    followUpConsent: z
      .enum(["true", "false"], { error: "体調確認の連絡の指定が正しくありません" })
      .transform((value) => value === "true")
      .optional(),
    /** 「家族の分もまとめて」: the other people sent with the sender, each their own reception of one household. */
    household: HouseholdFieldSchema.optional(),
  })
  .refine((fields) => !fields.followUpConsent || fields.email !== undefined, {
    message: "体調確認の連絡を受け取るにはメールアドレスを入力してください",
    path: ["email"],
  });
export type WebReceptionFields = z.input<typeof WebReceptionFieldsSchema>;

const SentNumberSchema = z.object({
  receptionNumber: z.number().int(),
  receptionDate: ApiDateSchema,
  statusToken: z.string(),
});

/**
 * A sent web reception: its number of its day (the next opening's day when sent while closed,
 * docs/rules.md#across-days); with `household` sent, the other people's numbers and links, in their order.
 */
export const WebReceptionCreatedSchema = SentNumberSchema.extend({
  household: z.array(SentNumberSchema).optional(),
});
export type WebReceptionCreated = z.infer<typeof WebReceptionCreatedSchema>;

/**
 * The header a web reception is sent with: a UUID the page makes once per form fill and sends with every
 * try. For 24 hours the same key at the same branch answers the reception it made (200, the same
 * number and status link) instead of making a second one, whatever the body of the later try.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const SendKeySchema = z.uuid("受付の送信キーが正しくありません");
export const SendKeyParamsSchema = PublicSlugParamsSchema.extend({ sendKey: SendKeySchema });

export const PublicReceptionStatusSchema = z.object({
  pharmacyName: z.string(),
  receptionNumber: z.number().int(),
  partitionNumber: z.number().int(),
  receptionDate: ApiDateSchema,
  status: ReceptionStatusSchema.nullable(),
  createdAt: z.iso.datetime(),
  /** The receive method and return visit the patient chose: the page tells them what happens next. */
  answers: z.object({
    receiveMethod: AnswerValueSchemas.receiveMethod.optional(),
    returnDate: AnswerValueSchemas.returnDate.optional(),
    returnTimePeriod: AnswerValueSchemas.returnTimePeriod.optional(),
  }),
  /** Whether the pharmacy is open now, and else when it next opens (none set in the next month: null). */
  openNow: z.boolean(),
  nextOpening: z.object({ date: ApiDateSchema, time: z.string() }).nullable(),
  /** Unfinished receptions of the branch's day before this one (0 once it is ready). */
  ahead: z.number().int(),
  /** When it should be ready, from the branch's recent pace; absent without enough recent data or once ready. */
  estimatedReadyAt: z.iso.datetime().optional(),
  /** Staff asked for new photos: why, until the visitor sends them. */
  photoRequest: PhotoRequestSchema.omit({ answeredAt: true }).optional(),
  /** The branch's 利用目的, with `photoRequest`: the new photos are sent with consent to it, as the first ones. */
  privacyNotice: z.string().optional(),
  /** Staff have called the number (「呼び出す」). */
  calledAt: z.iso.datetime().optional(),
  /**
   * The medicine was handed over (「お渡し済み」), at this time: the reception's life is over, so the
   * page offers no notices and no photo re-send, and `photoRequest` is never present with it.
   */
  handedOverAt: z.iso.datetime().optional(),
  /** The other receptions sent in the same send (「家族の分もまとめて」), by number: every link shows them all. */
  household: z
    .array(
      z.object({
        receptionNumber: z.number().int(),
        partitionNumber: z.number().int(),
        receptionDate: ApiDateSchema,
        status: ReceptionStatusSchema.nullable(),
        calledAt: z.iso.datetime().optional(),
        handedOverAt: z.iso.datetime().optional(),
      }),
    )
    .optional(),
});
export type PublicReceptionStatus = z.infer<typeof PublicReceptionStatusSchema>;

/** A paper prescription comes as its photo: a web reception of one without a photo is not taken. */
export function needsPhoto(answers: Answers, photoCount: number): boolean {
  return answers.prescriptionType === "Paper" && photoCount === 0;
}
export const PAPER_NEEDS_PHOTO_MESSAGE = "紙の処方箋の場合は、処方箋の写真を撮影または選択してください";
/** New photos sent because staff asked: at least one. */
export const NO_PHOTOS_MESSAGE = "処方箋の写真を撮影または選択してください";
