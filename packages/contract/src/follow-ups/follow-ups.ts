import * as z from "../shared/zod.js";
import { EmailSchema } from "../auth/auth.js";
import { addDays, periodsOn, type BusinessClock } from "../calendar/business-calendar.js";
import type { BusinessHours } from "../settings/settings.js";
import { ApiDateSchema } from "../receptions/questions.js";
import { IdSchema, PhoneSchema, ReceptionSchema } from "../receptions/receptions.js";
import { textSchema } from "../shared/text.js";
import { FollowUpAnswersSchema, FollowUpQuestionSchema, FollowUpTemplateIdSchema } from "./follow-up-templates.js";

/**
 * docs/rules.md#continuity-of-care: a follow-up (服薬フォローアップ) planned by staff on a reception and the patient's contact
 * kept for it. States: scheduled → sent (on `dueOn` at the branch's opening time, e-mail, push or LINE) →
 * answered | no_answer (NO_ANSWER_AFTER_DAYS after sending) → closed. A phone follow-up is never sent:
 * it stays scheduled and is on staff's worklist from `dueOn` until closed.
 *
 * Calls (staff and admin unless said; counter and display get 403 1012; another branch's id 404):
 *   GET    /api/reception/{id}/care_contact        → CareContactResponse
 *   PUT    /api/reception/{id}/care_contact        CareContactInput → CareContactResponse
 *   DELETE /api/reception/{id}/care_contact        → 204 (consent withdrawn; open follow-ups by mail/push are closed)
 *   GET    /api/reception/{id}/follow_ups          → ReceptionFollowUps
 *   POST   /api/reception/{id}/follow_ups          PlanFollowUpInput → 201 FollowUp (1303 without the channel's contact)
 *   GET    /api/follow_ups?date|from&to&status     → FollowUpList
 *   GET    /api/follow_ups/today                   → FollowUpToday
 *   GET    /api/follow_ups/{id}                    → FollowUpDetail
 *   PATCH  /api/follow_ups/{id}                    UpdateFollowUpInput → FollowUpDetail (1304 once closed)
 *   GET    /api/follow_ups/{id}/report             → text/html, the A4 服薬情報提供書
 *   GET    /api/follow_up_templates                → FollowUpTemplates; PUT (admin) FollowUpTemplatesInput → FollowUpTemplates
 *   GET    /api/next_dispensings?from&to           → NextDispensings (next-dispensing.ts)
 *   GET    /api/public/follow_up/{token}           → PublicFollowUp (no sign-in; 404 unknown, 410 1302 expired or closed)
 *   POST   /api/public/follow_up/{token}           FollowUpAnswerInput → FollowUpAnswered (409 1301 when answered)
 */

export const FollowUpChannelSchema = z.enum(["email", "push", "line", "phone"], { error: "連絡方法を選んでください" });
export type FollowUpChannel = z.infer<typeof FollowUpChannelSchema>;

export const FOLLOW_UP_CHANNEL_LABELS: Record<FollowUpChannel, string> = {
  email: "メール",
  push: "プッシュ通知",
  line: "LINE",
  phone: "電話",
};

export const FollowUpStatusSchema = z.enum(["scheduled", "sent", "answered", "no_answer", "closed"]);
export type FollowUpStatus = z.infer<typeof FollowUpStatusSchema>;

export const FOLLOW_UP_STATUS_LABELS: Record<FollowUpStatus, string> = {
  scheduled: "予定",
  sent: "送信済み",
  answered: "回答あり",
  no_answer: "未回答",
  closed: "対応済み",
};

/** A sent follow-up not answered this many days after it went out becomes `no_answer`. */
export const NO_ANSWER_AFTER_DAYS = 3;
/** The patient's link works this many days after it was sent; answers are taken once. */
export const FOLLOW_UP_LINK_VALID_DAYS = 30;
/** How far ahead a follow-up can be planned. */
export const FOLLOW_UP_MAX_DAYS_AHEAD = 180;
/** 「7日後に体調確認」: the planning dialog's quick choices, in days after today. */
export const FOLLOW_UP_QUICK_DAYS = [3, 7, 14, 30] as const;
/** A contact recorded with consent but never used by a follow-up or reminder is deleted after this many days. */
export const UNUSED_CARE_CONTACT_KEPT_DAYS = 30;

export const FOLLOW_UP_NOTE_MAX = 2000;
const staffText = (label: string) =>
  textSchema(`${label}を入力してください`)
    .trim()
    .max(FOLLOW_UP_NOTE_MAX, `${label}は${FOLLOW_UP_NOTE_MAX}文字以内で入力してください`);

// ---------------------------------------------------------------------------------------------
// Consent and contact

/** Where consent was given: the web form, or staff recording it at hand-over. */
export const CareContactSourceSchema = z.enum(["web", "staff"]);
export type CareContactSource = z.infer<typeof CareContactSourceSchema>;

/** PUT /api/reception/{id}/care_contact (staff, admin): at least one of e-mail and phone, with consent. */
export const CareContactInputSchema = z
  .strictObject({
    email: EmailSchema.optional(),
    phone: PhoneSchema.pipe(z.string().min(1, "電話番号を入力してください")).optional(),
    consent: z.literal(true, { error: "体調確認の連絡への同意が必要です" }),
  })
  .refine((input) => input.email !== undefined || input.phone !== undefined, {
    message: "メールアドレスか電話番号を入力してください",
    path: ["email"],
  });
export type CareContactInput = z.input<typeof CareContactInputSchema>;

/** GET/PUT /api/reception/{id}/care_contact → the contact kept for follow-ups (null when there is none). */
export const CareContactSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  /** Whether the reception's status-page push subscriptions are kept for follow-ups too. */
  push: z.boolean(),
  /** Whether the reception's LINE links are kept for follow-ups and refill reminders too. */
  line: z.boolean(),
  source: CareContactSourceSchema,
  consentedAt: z.iso.datetime(),
});
export type CareContact = z.infer<typeof CareContactSchema>;
export const CareContactResponseSchema = z.object({ contact: CareContactSchema.nullable() });
export type CareContactResponse = z.infer<typeof CareContactResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Planning, the follow-up, closing

/** POST /api/reception/{id}/follow_ups: on a day (`dueOn`) or so many days after today (`daysAfter`). */
export const PlanFollowUpSchema = z
  .strictObject({
    dueOn: ApiDateSchema.optional(),
    daysAfter: z
      .number({ error: "日数を数字で入力してください" })
      .int("日数は整数で入力してください")
      .min(1, "1日後以降を選んでください")
      .max(FOLLOW_UP_MAX_DAYS_AHEAD, `${FOLLOW_UP_MAX_DAYS_AHEAD}日後までにしてください`)
      .optional(),
    template: FollowUpTemplateIdSchema,
    channel: FollowUpChannelSchema,
  })
  .refine((input) => (input.dueOn === undefined) !== (input.daysAfter === undefined), {
    message: "日付か日数のどちらかを指定してください",
    path: ["dueOn"],
  });
export type PlanFollowUpInput = z.input<typeof PlanFollowUpSchema>;

/** The day a plan falls due, seen from today's business day. */
export function followUpDueOn(
  plan: { dueOn?: string | undefined; daysAfter?: number | undefined },
  today: string,
): string {
  return plan.dueOn ?? addDays(today, plan.daysAfter ?? 0);
}

/** Why a planned day is refused, or null: the past and more than FOLLOW_UP_MAX_DAYS_AHEAD ahead. */
export function dueOnIssue(dueOn: string, today: string): string | null {
  if (dueOn < today) return "今日以降の日付を選んでください";
  if (dueOn > addDays(today, FOLLOW_UP_MAX_DAYS_AHEAD))
    return `${FOLLOW_UP_MAX_DAYS_AHEAD}日後までの日付を選んでください`;
  return null;
}

/**
 * Whether a message due on `dueOn` goes out now: on its day (or, after a closed day or a stopped server,
 * the first open day after it) once the branch's first period of the day has begun (its opening time).
 */
export function isSendingTime(dueOn: string, hours: BusinessHours, clock: BusinessClock): boolean {
  return dueOn <= clock.date && periodsOn(clock.date, hours).some((period) => period.start <= clock.time);
}

const personSchema = z.object({ id: z.uuid(), name: z.string() });

/** Why a follow-up is on top of the worklist. */
export const FollowUpFlagSchema = z.enum(["alert", "callRequested", "noAnswer"]);
export type FollowUpFlag = z.infer<typeof FollowUpFlagSchema>;
export const FOLLOW_UP_FLAG_LABELS: Record<FollowUpFlag, string> = {
  alert: "要注意の回答",
  callRequested: "電話を希望",
  noAnswer: "回答なし",
};

export const FollowUpSchema = z.object({
  id: z.uuid(),
  receptionId: z.uuid(),
  dueOn: ApiDateSchema,
  template: FollowUpTemplateIdSchema,
  templateName: z.string(),
  channel: FollowUpChannelSchema,
  status: FollowUpStatusSchema,
  createdBy: personSchema,
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().optional(),
  answeredAt: z.iso.datetime().optional(),
  closedAt: z.iso.datetime().optional(),
  closedBy: personSchema.optional(),
  /** 対応内容: what staff did (written when closing). */
  note: z.string().optional(),
  /** The report's 所見 and 提案 (typed by the pharmacist). */
  findings: z.string().optional(),
  proposal: z.string().optional(),
  flags: z.array(FollowUpFlagSchema),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;

/** One worklist row opened: the follow-up with its reception (prescription data included), questions and answers. */
export const FollowUpDetailSchema = FollowUpSchema.extend({
  reception: ReceptionSchema,
  questions: z.array(FollowUpQuestionSchema),
  answers: FollowUpAnswersSchema.optional(),
  /** Keys of the questions answered with an alert value. */
  alertKeys: z.array(z.string()),
  contact: CareContactSchema.nullable(),
});
export type FollowUpDetail = z.infer<typeof FollowUpDetailSchema>;

/**
 * GET /api/follow_ups: without from/to, the worklist of `date` (default today): every follow-up not
 * closed that is due on or before it (earlier ones carry), plus those closed that day; with from/to,
 * every follow-up due in that range. `status` narrows either. Sorted worklist-first (`followUpRank`).
 */
export const FollowUpListQuerySchema = z.strictObject({
  date: ApiDateSchema.optional(),
  from: ApiDateSchema.optional(),
  to: ApiDateSchema.optional(),
  status: FollowUpStatusSchema.optional(),
});
export type FollowUpListQuery = z.input<typeof FollowUpListQuerySchema>;
export const FollowUpListSchema = z.object({ followUps: z.array(FollowUpDetailSchema) });
export type FollowUpList = z.infer<typeof FollowUpListSchema>;

/** POST-planning list of one reception: GET /api/reception/{id}/follow_ups. */
export const ReceptionFollowUpsSchema = z.object({ followUps: z.array(FollowUpSchema) });
export type ReceptionFollowUps = z.infer<typeof ReceptionFollowUpsSchema>;

/** The worklist's order: alerts (an alert answer, 電話を希望, no answer) first, then answered, then the rest, then closed. */
export function followUpRank(followUp: Pick<FollowUp, "status" | "flags">): number {
  if (followUp.status === "closed") return 4;
  if (followUp.flags.includes("callRequested")) return 0;
  if (followUp.flags.length > 0) return 1;
  if (followUp.status === "answered") return 2;
  return 3;
}

/** PATCH /api/follow_ups/{id}: write 所見・提案 any time; close with 対応内容 (`status: "closed"` needs `note`). */
export const UpdateFollowUpSchema = z
  .strictObject({
    status: z.literal("closed", { error: "状態は「対応済み」だけ指定できます" }).optional(),
    note: staffText("対応内容").optional(),
    findings: staffText("所見").optional(),
    proposal: staffText("提案").optional(),
  })
  .refine((input) => input.status !== "closed" || (input.note !== undefined && input.note.length > 0), {
    message: "対応内容を入力してください",
    path: ["note"],
  })
  .refine((input) => Object.keys(input).length > 0, { message: "変更する項目がありません" });
export type UpdateFollowUpInput = z.input<typeof UpdateFollowUpSchema>;

export const FollowUpIdParamsSchema = z.strictObject({ id: IdSchema });

/** GET /api/follow_ups/today: the main screen's 「本日のフォローアップ N件」 (open worklist rows) and how many are alerts. */
export const FollowUpTodaySchema = z.object({ date: ApiDateSchema, count: z.number().int(), alerts: z.number().int() });
export type FollowUpToday = z.infer<typeof FollowUpTodaySchema>;
