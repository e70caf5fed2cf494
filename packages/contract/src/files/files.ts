import * as z from "../shared/zod.js";
import { PrescriptionSourceTypeSchema } from "../shared/enums.js";
import { IdSchema, PrescriptionSchema } from "../receptions/receptions.js";

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
