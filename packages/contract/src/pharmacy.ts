import { z } from "zod";
import { ApiDateSchema } from "./questions.js";

export const RECEPTION_START_NUMBER_MIN = 1;
export const RECEPTION_START_NUMBER_MAX = 9999;

/** 7 digits, written 〒123-4567 or 1234567; stored as the 7 digits. */
export const PostalCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^〒/, "").replace(/[-－ー]/g, ""))
  .pipe(z.string().regex(/^\d{7}$/, "郵便番号は7桁の数字で入力してください（例: 123-4567）"));

export const PhoneNumberSchema = z
  .string()
  .trim()
  .regex(/^0\d{1,4}-?\d{1,4}-?\d{3,4}$/, "電話番号は半角数字で入力してください（例: 03-1234-5678）");

/** Only web addresses: a javascript: or data: link must never reach a patient's QR code. */
export const ExternalUrlSchema = z
  .string()
  .trim()
  .max(2000, "URLが長すぎます")
  .url("URLの形式が正しくありません")
  .refine((value) => /^https?:\/\//i.test(value), "http:// または https:// で始まるURLを入力してください");

export const ReceptionStartNumberSchema = z
  .number({ error: "受付開始番号を入力してください" })
  .int("受付開始番号は整数で入力してください")
  .min(RECEPTION_START_NUMBER_MIN, "受付開始番号は1以上にしてください")
  .max(RECEPTION_START_NUMBER_MAX, "受付開始番号は9999以下にしてください");

export const PharmacySchema = z.object({
  name: z.string(),
  postalCode: z.string(),
  address: z.string(),
  phone: z.string(),
  fax: z.string().optional(),
  notice: z.string().optional(),
  receptionStartNumber: z.number().int(),
  /** The first business day the start number applies to: today, or tomorrow when today has begun numbering. */
  receptionStartNumberFrom: ApiDateSchema,
  webQuestionnaireUrl: z.string().optional(),
  publicSlug: z.string(),
});
export type Pharmacy = z.infer<typeof PharmacySchema>;

export const UpdatePharmacySchema = z.strictObject({
  name: z.string().trim().min(1, "店舗名を入力してください").max(100, "店舗名は100文字以内で入力してください").optional(),
  postalCode: PostalCodeSchema.optional(),
  address: z.string().trim().min(1, "住所を入力してください").max(200, "住所は200文字以内で入力してください").optional(),
  phone: PhoneNumberSchema.optional(),
  fax: z.union([PhoneNumberSchema, z.literal("")]).optional(),
  notice: z.string().trim().max(500, "お知らせは500文字以内で入力してください").optional(),
  receptionStartNumber: ReceptionStartNumberSchema.optional(),
  webQuestionnaireUrl: z.union([ExternalUrlSchema, z.literal("")]).optional(),
});
export type UpdatePharmacyInput = z.input<typeof UpdatePharmacySchema>;

export const PublicSlugResponseSchema = z.object({ publicSlug: z.string() });
