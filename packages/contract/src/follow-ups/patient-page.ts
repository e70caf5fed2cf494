import * as z from "../shared/zod.js";
import { FollowUpAnswersSchema, FollowUpQuestionSchema } from "./follow-up-templates.js";

// The patient's page (public, no sign-in), apart from the staff's schemas so that the patient's
// entry builds none of those (bench/README.md: the patient pages on a phone).

export const FollowUpTokenParamsSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, "URLが正しくありません"),
});

/** The patient's questionnaire page, on the page's own origin. */
export function followUpPagePath(token: string): string {
  return `/web/follow-up/${token}`;
}

/** GET /api/public/follow_up/{token}: what the page shows; `answeredAt` once answered (the page thanks them). */
export const PublicFollowUpSchema = z.object({
  pharmacyName: z.string(),
  pharmacyPhone: z.string(),
  /** The medicine names from the prescription's code; empty when none was read (the page says 「お薬」). */
  medicines: z.array(z.string()),
  questions: z.array(FollowUpQuestionSchema),
  answeredAt: z.iso.datetime().optional(),
  expiresAt: z.iso.datetime(),
});
export type PublicFollowUp = z.infer<typeof PublicFollowUpSchema>;

/** POST /api/public/follow_up/{token}: the answers, once. */
export const FollowUpAnswerInputSchema = z.strictObject({ answers: FollowUpAnswersSchema });
export type FollowUpAnswerInput = z.input<typeof FollowUpAnswerInputSchema>;
export const FollowUpAnsweredSchema = z.object({ answeredAt: z.iso.datetime() });
export type FollowUpAnswered = z.infer<typeof FollowUpAnsweredSchema>;

/** The web form's 「服薬後に体調確認の連絡を受け取る」 (multipart field `followUpConsent`, with `email`). */
export const FOLLOW_UP_CONSENT_LABEL = "服薬後に体調確認の連絡を受け取る";

/** The message's words (mail subject and body, push), without any patient data. */
export const FOLLOW_UP_MESSAGE = {
  title: "お薬の体調確認のお願い",
  thanks: "ご回答ありがとうございました。薬剤師が確認し、必要に応じてご連絡します。",
  expired: "このページの有効期限が切れています。ご不明な点は薬局にお電話ください。",
  answered: "この質問にはすでにご回答いただいています。",
} as const;
