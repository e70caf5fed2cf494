import * as z from "../shared/zod.js";
import { textSchema } from "../shared/text.js";
import { QuestionKeySchema, ReceiveMethodSchema, type QuestionKey } from "../shared/enums.js";
import { ApiDateSchema } from "../receptions/questions.js";
import { TIME_PATTERN } from "../shared/formats.js";
import { QUESTION_TEXT } from "../receptions/question-labels.js";
import { DEFAULT_PRIVACY_NOTICE, PrivacyNoticeSchema } from "./privacy-notice.js";

const QUESTION_LABELS = Object.fromEntries(
  Object.entries(QUESTION_TEXT).map(([key, text]) => [key, text.label]),
) as Record<QuestionKey, string>;

export const QuestionSettingSchema = z.strictObject({
  key: QuestionKeySchema,
  enabled: z.boolean(),
  required: z.boolean(),
  order: z.number().int().min(0).max(100),
});
export type QuestionSetting = z.infer<typeof QuestionSettingSchema>;

export const QuestionSettingsSchema = z
  .array(QuestionSettingSchema)
  .max(QuestionKeySchema.options.length)
  .refine(
    (settings) => new Set(settings.map((setting) => setting.key)).size === settings.length,
    "同じ質問が重複しています",
  );

/**
 * The questions a web reception cannot do without: what kind of prescription (a photo or not) and
 * how the medicine is received, and, when patients may come back later, the day and time they come.
 */
export function essentialReservedQuestions(enabledReceiveMethods: readonly string[]): QuestionKey[] {
  const essential: QuestionKey[] = ["prescriptionType", "receiveMethod"];
  return enabledReceiveMethods.includes("ReturnVisit") ? [...essential, "returnDate", "returnTimePeriod"] : essential;
}

/** The words printed at the foot of a reception ticket. */
export const TicketMessageSchema = textSchema("受付票のメッセージを入力してください")
  .trim()
  .min(1, "受付票のメッセージを入力してください")
  .max(200, "受付票のメッセージは200文字以内で入力してください");

/** The web and counter questions of a branch or of its organisation. */
export const QuestionsSchema = z.strictObject({ reception: QuestionSettingsSchema, reserved: QuestionSettingsSchema });
export type Questions = z.infer<typeof QuestionsSchema>;

const AppSettingsShapeSchema = z.strictObject({
  enabledReceiveMethods: z
    .array(ReceiveMethodSchema, { error: "受け取り方法を1つ以上選んでください" })
    .min(1, "受け取り方法を1つ以上選んでください")
    .refine((methods) => new Set(methods).size === methods.length, "受け取り方法が重複しています"),
  autoPrintTicket: z.boolean(),
  ticketMessage: TicketMessageSchema,
  questions: QuestionsSchema,
  /**
   * Whether the branch keeps its own questions and ticket message (true) or uses its organisation's
   * (docs/rules.md#organisations). Settings saved before organisations had any are the branch's own.
   */
  ownQuestions: z.boolean().default(true),
  ownTicketMessage: z.boolean().default(true),
  /** An admin without two-factor sign-in may do nothing but set it up (docs/rules.md#people-roles-and-devices). */
  requireMfaForAdmins: z.boolean().default(false),
  /** The 利用目的 the public pages show (docs/rules.md#notice-and-consent); settings saved before it take the default. */
  privacyNotice: PrivacyNoticeSchema.default(DEFAULT_PRIVACY_NOTICE),
});

/** An issue for each question a web reception needs with these receive methods that is hidden or optional. */
export function addEssentialQuestionIssues(
  questions: Questions,
  enabledReceiveMethods: readonly string[],
  ctx: z.RefinementCtx,
  path: PropertyKey[],
): void {
  for (const key of essentialReservedQuestions(enabledReceiveMethods)) {
    const index = questions.reserved.findIndex((question) => question.key === key);
    const question = questions.reserved[index];
    if (question?.enabled && question.required) continue;
    ctx.addIssue({
      code: "custom",
      path: index < 0 ? [...path, "reserved"] : [...path, "reserved", index],
      message: `「${QUESTION_LABELS[key]}」はWeb受付に欠かせない質問のため、表示・必須のままにしてください`,
    });
  }
}

export const AppSettingsSchema = AppSettingsShapeSchema.superRefine((settings, ctx) =>
  addEssentialQuestionIssues(settings.questions, settings.enabledReceiveMethods, ctx, ["questions"]),
);
export type AppSettings = z.infer<typeof AppSettingsSchema>;

function allQuestions(required: QuestionKey[]): QuestionSetting[] {
  return QuestionKeySchema.options.map((key, order) => ({
    key,
    enabled: true,
    required: required.includes(key),
    order,
  }));
}

export const DEFAULT_TICKET_MESSAGE = "ご不明な点はお気軽に薬剤師にお尋ねください。";
export const DEFAULT_QUESTIONS: Questions = {
  reception: allQuestions(["prescriptionType", "receiveMethod", "returnDate", "returnTimePeriod"]),
  reserved: allQuestions(["prescriptionType", "receiveMethod", "returnDate", "returnTimePeriod"]),
};

export const DEFAULT_APP_SETTINGS: AppSettings = {
  enabledReceiveMethods: ["Pharmacy", "Locker", "Delivery", "ReturnVisit"],
  autoPrintTicket: false,
  requireMfaForAdmins: false,
  privacyNotice: DEFAULT_PRIVACY_NOTICE,
  ticketMessage: DEFAULT_TICKET_MESSAGE,
  questions: DEFAULT_QUESTIONS,
  // a branch that has saved nothing uses its organisation's
  ownQuestions: false,
  ownTicketMessage: false,
};

/** The enabled questions of a channel in their configured order. */
export function enabledQuestions(settings: QuestionSetting[]): QuestionSetting[] {
  return settings.filter((setting) => setting.enabled).sort((a, b) => a.order - b.order);
}

const TimeSchema = z
  .string({ error: "時刻を入力してください" })
  .regex(TIME_PATTERN, "時刻はHH:mmの形式で入力してください");

export const PeriodSchema = z
  .strictObject({ start: TimeSchema, end: TimeSchema }, { error: "時間帯を入力してください" })
  .refine((period) => period.start < period.end, { message: "終了時刻は開始時刻より後にしてください", path: ["end"] });
export type Period = z.infer<typeof PeriodSchema>;

export const WeekdayHoursSchema = z
  .strictObject({ weekday: z.number().int().min(0).max(6), periods: z.array(PeriodSchema).max(6) })
  .superRefine((day, ctx) => {
    const sorted = [...day.periods].sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.start < sorted[i - 1]!.end) {
        ctx.addIssue({ code: "custom", path: ["periods"], message: "時間帯が重なっています" });
        return;
      }
    }
  });
export type WeekdayHours = z.infer<typeof WeekdayHoursSchema>;

export const BusinessHoursSchema = z.strictObject({
  weekly: z
    .array(WeekdayHoursSchema)
    .max(7)
    .refine((days) => new Set(days.map((day) => day.weekday)).size === days.length, "同じ曜日が重複しています"),
  closedDates: z.array(ApiDateSchema).max(366),
  /** 祝日も営業する: national holidays count as ordinary days of the week. Closed on them by default. */
  openOnHolidays: z.boolean().default(false),
});
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

/** Sunday 0 … Saturday 6; weekdays 9–13 and 14–18, Saturday mornings, closed on Sundays. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  weekly: [1, 2, 3, 4, 5]
    .map((weekday) => ({
      weekday,
      periods: [
        { start: "09:00", end: "13:00" },
        { start: "14:00", end: "18:00" },
      ],
    }))
    .concat([{ weekday: 6, periods: [{ start: "09:00", end: "13:00" }] }]),
  closedDates: [],
  openOnHolidays: false,
};

export function formatPeriod(period: Period): string {
  return `${period.start}-${period.end}`;
}
