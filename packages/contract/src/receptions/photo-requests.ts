import * as z from "../shared/zod.js";
import { textSchema } from "../shared/text.js";

export const PhotoRequestReasonSchema = z.enum(["Blurry", "CutOff", "Glare", "WrongDocument", "Other"]);
export type PhotoRequestReason = z.infer<typeof PhotoRequestReasonSchema>;

/** The reason as the visitor reads it on the status page, in the push and in the mail. */
export const PHOTO_REQUEST_REASON_LABELS: Record<PhotoRequestReason, string> = {
  Blurry: "ピントが合っていません",
  CutOff: "処方箋の一部が写っていません",
  Glare: "光が反射して読み取れません",
  WrongDocument: "処方箋ではない書類が写っています",
  Other: "その他の理由",
};

export const PHOTO_REQUEST_MESSAGE_MAX = 200;

/** POST /api/reception/{id}/photo_request. */
export const CreatePhotoRequestSchema = z.strictObject({
  reason: PhotoRequestReasonSchema,
  message: textSchema("メッセージは文字で入力してください")
    .trim()
    .max(PHOTO_REQUEST_MESSAGE_MAX, `メッセージは${PHOTO_REQUEST_MESSAGE_MAX}文字以内で入力してください`)
    .optional(),
});
export type CreatePhotoRequestInput = z.infer<typeof CreatePhotoRequestSchema>;

/** The latest request for new photos; `answeredAt` once the visitor sent them (staff see 新しい写真). */
export const PhotoRequestSchema = z.object({
  reason: PhotoRequestReasonSchema,
  message: z.string().optional(),
  requestedAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().optional(),
});
export type PhotoRequest = z.infer<typeof PhotoRequestSchema>;

/** New photos came for a reception that was not asked for any (or whose request was answered). */
export const NO_PHOTO_REQUEST_MESSAGE = "写真の再送は依頼されていません。";
