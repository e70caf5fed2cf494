import * as z from "../shared/zod.js";

/** LINE users one reception may have linked at once (a patient and a family member, say). */
export const MAX_LINE_LINKS_PER_RECEPTION = 5;

/**
 * The account's LINE ID as LINE shows it: a basic ID (「@」 and 8 characters, e.g. @123abcde) or a
 * premium ID (「@」 and up to 18 letters, digits, 「.」「_」「-」), kept in lower case.
 */
export const LineBasicIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^@[a-z0-9._-]{1,18}$/, "LINE IDは「@」から始まるIDを入力してください（例：@123abcde）");

/** PUT /api/line/settings (admin): what the LINE Developers console shows for the branch's Messaging API channel. */
export const LineSettingsInputSchema = z.strictObject({
  channelSecret: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, "チャネルシークレットは32文字の英数字です"),
  channelAccessToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9+/=._-]{20,1000}$/, "チャネルアクセストークン（長期）をそのまま貼り付けてください"),
  basicId: LineBasicIdSchema,
  /** Messages this branch may send in a calendar month (its LINE plan's count); none: as many as LINE accepts. */
  monthlyLimit: z.number().int().min(1).max(10_000_000).nullable(),
});
export type LineSettingsInput = z.input<typeof LineSettingsInputSchema>;

/** GET /api/line/settings (admin): never the secret nor the token, only whether they are set. */
export const LineSettingsSchema = z.object({
  connected: z.boolean(),
  basicId: z.string().optional(),
  /** The account's name as LINE returned it when the settings were checked. */
  displayName: z.string().optional(),
  monthlyLimit: z.number().int().nullable(),
  /** Messages LINE accepted from this branch this month (Asia/Tokyo). */
  sentThisMonth: z.number().int(),
  /** Messages queued this month and not sent because a monthly limit (the branch's or LINE's) was reached. */
  overQuotaThisMonth: z.number().int(),
  /** To paste into the LINE Developers console; null until the branch has a link address (PUBLIC_BASE_URL or its recorded origin). */
  webhookUrl: z.string().nullable(),
});
export type LineSettings = z.infer<typeof LineSettingsSchema>;

/** GET /api/public/reception/{statusToken}/line_link: whether the status page offers LINE. */
export const LineOfferSchema = z.object({ available: z.boolean(), linked: z.boolean() });
export type LineOffer = z.infer<typeof LineOfferSchema>;

/** POST /api/public/reception/{statusToken}/line_link → 201: the address that opens LINE with the code typed in. */
export const LineLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type LineLink = z.infer<typeof LineLinkSchema>;

/** A one-time code: 8 characters with nothing that reads two ways (no 0/O, 1/I/L), grouped by four. */
export const LINE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const LINE_CODE_PATTERN = new RegExp(`[${LINE_CODE_ALPHABET}]{4}-[${LINE_CODE_ALPHABET}]{4}`);

/** The message prefilled in LINE: the patient only presses send. */
export function lineLinkMessage(code: string): string {
  return `受付のお知らせをLINEで受け取ります\nコード：${code}`;
}

/** `https://line.me/R/oaMessage/{LINE ID}/?{text}`: LINE opens the account's chat with the text typed in. */
export function lineLinkUrl(basicId: string, code: string): string {
  return `https://line.me/R/oaMessage/${encodeURIComponent(basicId)}/?${encodeURIComponent(lineLinkMessage(code))}`;
}
