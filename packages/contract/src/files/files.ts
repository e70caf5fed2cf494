import * as z from "../shared/zod.js";
import { PrescriptionSourceTypeSchema } from "../shared/enums.js";
import { IdSchema, PrescriptionSchema } from "../receptions/receptions.js";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Said wherever a file over MAX_FILE_BYTES is refused, by the server and by the web before sending. */
export const FILE_TOO_LARGE_MESSAGE = `ファイルが大きすぎます（${MAX_FILE_BYTES / 1024 / 1024}MBまで）。`;
/** Said wherever a file that is no photo nor PDF is refused (its first bytes, `file-signature.ts`). */
export const WRONG_FILE_TYPE_MESSAGE = "JPEG・PNG・WebP・HEICの画像またはPDFを選んでください。";

/** One of several files picked at once refused, named so the person knows which one to replace. */
export function namedFileRefusal(fileName: string, refusal: string): string {
  return `「${fileName}」：${refusal}`;
}

export const FileContentTypeSchema = z.enum(["image/jpeg", "image/png", "image/webp", "image/heic", "application/pdf"]);
export type FileContentType = z.infer<typeof FileContentTypeSchema>;

export const StoredFileSchema = z.object({
  id: z.uuid(),
  contentType: FileContentTypeSchema,
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const UploadResponseSchema = z.object({
  file: StoredFileSchema,
  prescription: PrescriptionSchema.optional(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** The form fields that may come with the multipart `file`. */
export const UploadFieldsSchema = z.strictObject({
  receptionId: IdSchema.optional(),
  sourceType: PrescriptionSourceTypeSchema.default("Paper"),
});

export const AttachFileSchema = z.strictObject({
  id: IdSchema,
  receptionId: IdSchema,
  sourceType: PrescriptionSourceTypeSchema.default("Paper"),
});
export type AttachFileInput = z.input<typeof AttachFileSchema>;

export const FileIdParamsSchema = z.strictObject({ id: IdSchema });
