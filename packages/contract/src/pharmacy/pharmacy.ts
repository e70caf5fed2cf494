import * as z from "../shared/zod.js";
import { textSchema } from "../shared/text.js";
import { toHalfWidthDigits } from "../shared/half-width.js";
import { ApiDateSchema } from "../receptions/questions.js";

export const RECEPTION_START_NUMBER_MIN = 1;
export const RECEPTION_START_NUMBER_MAX = 9999;

/** An absolute address's host: after the scheme and any user, up to a port, path, query or fragment. */
const URL_HOST = /^[a-z][a-z\d+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i;
const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether no phone (nor LINE) but the server's own machine could open the address (an absolute URL). */
export function isLoopbackAddress(url: string): boolean {
  return LOOPBACK_HOSTS.test(URL_HOST.exec(url)?.[1] ?? "");
}

/** "1050004" → "105-0004": how a stored postal code is shown (after 〒) on every screen and paper. */
export function formatPostalCode(digits: string): string {
  return /^\d{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** 7 digits, written 〒123-4567 or 1234567; stored as the 7 digits. */
export const PostalCodeSchema = z
  .string({ error: "郵便番号を入力してください" })
  .trim()
  .transform((value) => toHalfWidthDigits(value).replace(/^〒/, "").replace(/-/g, ""))
  .pipe(z.string().regex(/^\d{7}$/, "郵便番号は7桁の数字で入力してください（例: 123-4567）"));

const PHONE_PATTERN = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/;

export const PhoneNumberSchema = z
  .string({ error: "電話番号を入力してください" })
  .trim()
  .transform(toHalfWidthDigits)
  .pipe(z.string().regex(PHONE_PATTERN, "電話番号は数字とハイフンで入力してください（例: 03-1234-5678）"));

/** Optional: an empty text removes the FAX number. */
export const FaxNumberSchema = z
  .string({ error: "FAX番号を入力してください" })
  .trim()
  .transform(toHalfWidthDigits)
  .pipe(
    z
      .string()
      .refine(
        (value) => value === "" || PHONE_PATTERN.test(value),
        "FAX番号は数字とハイフンで入力してください（例: 03-1234-5679）",
      ),
  );

/** Only web addresses: a javascript: or data: link must never reach a patient's QR code. */
export const ExternalUrlSchema = textSchema("URLを入力してください")
  .trim()
  .max(2000, "URLが長すぎます")
  .url("URLの形式が正しくありません")
  .refine((value) => /^https?:\/\//i.test(value), "http:// または https:// で始まるURLを入力してください");

const StartNumberValueSchema = z
  .number({ error: "受付開始番号を入力してください" })
  .int("受付開始番号は整数で入力してください")
  .min(RECEPTION_START_NUMBER_MIN, "受付開始番号は1以上にしてください")
  .max(RECEPTION_START_NUMBER_MAX, "受付開始番号は9999以下にしてください");

/** A number typed in full-width digits arrives as text: it is read as the number it is. */
export const ReceptionStartNumberSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(toHalfWidthDigits(value.trim())) : value),
  StartNumberValueSchema,
);

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
  /** The public reception page on the address patients' phones use (PUBLIC_BASE_URL); the QR code encodes it. */
  publicUrl: z.string(),
  /** The address is the server's own machine (localhost, 127.0.0.1): no phone can open it. */
  publicUrlIsLoopback: z.boolean(),
});
export type Pharmacy = z.infer<typeof PharmacySchema>;

export const UpdatePharmacySchema = z.strictObject({
  name: textSchema("店舗名を入力してください")
    .trim()
    .min(1, "店舗名を入力してください")
    .max(100, "店舗名は100文字以内で入力してください")
    .optional(),
  postalCode: PostalCodeSchema.optional(),
  address: textSchema("住所を入力してください")
    .trim()
    .min(1, "住所を入力してください")
    .max(200, "住所は200文字以内で入力してください")
    .optional(),
  phone: PhoneNumberSchema.optional(),
  fax: FaxNumberSchema.optional(),
  notice: textSchema("お知らせは文字で入力してください")
    .trim()
    .max(500, "お知らせは500文字以内で入力してください")
    .optional(),
  receptionStartNumber: ReceptionStartNumberSchema.optional(),
  webQuestionnaireUrl: z.union([ExternalUrlSchema, z.literal("")]).optional(),
});
export type UpdatePharmacyInput = z.input<typeof UpdatePharmacySchema>;

export const PublicSlugResponseSchema = z.object({ publicSlug: z.string() });

/** A branch's public page opens only once patients can see whom they send their prescription to. */
export function isBranchReady(branch: { name: string; address: string; phone: string }): boolean {
  return [branch.name, branch.address, branch.phone].every((value) => value.trim() !== "");
}

export const BRANCH_NOT_READY_MESSAGE = "この薬局のWeb受付は準備中です。";
