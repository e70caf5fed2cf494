import * as z from "../shared/zod.js";
import { addDays, daysBetween, isCalendarDate } from "../calendar/business-calendar.js";
import {
  ReceiveMethodSchema,
  ReceptionChannelSchema,
  type ReceiveMethod,
  type ReceptionChannel,
} from "../shared/enums.js";
import { answerLabel } from "../receptions/answer-labels.js";
import { ApiDateSchema } from "../receptions/questions.js";

/** The longest period one report covers: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;

/** A business day that exists (2026-02-30 does not), YYYY-MM-DD at the pharmacy (Asia/Tokyo). */
const ReportDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "日付はYYYY-MM-DDの形式で入力してください", abort: true })
  // month 13 is written right but does not exist either
  .refine(isCalendarDate, {
    message: "存在しない日付です",
    abort: true,
  });

/** Days from `from` to `to`, both included. */
export function reportDayCount(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

/** Every business day from `from` to `to`, both included. */
export function reportDates(from: string, to: string): string[] {
  return Array.from({ length: reportDayCount(from, to) }, (_, index) => addDays(from, index));
}

export const ReportQuerySchema = z
  .strictObject({ from: ReportDateSchema, to: ReportDateSchema })
  .refine(({ from, to }) => from <= to, {
    message: "開始日は終了日と同じか、それより前の日付にしてください",
    path: ["to"],
  })
  .refine(({ from, to }) => from > to || reportDayCount(from, to) <= REPORT_MAX_DAYS, {
    message: `期間は${REPORT_MAX_DAYS}日以内で指定してください`,
    path: ["to"],
  });
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const count = z.number().int().min(0);

export const ReportDaySchema = z.object({
  date: ApiDateSchema,
  /** Reception numbers of the day still on the list (a split number counts once; deleted ones do not). */
  total: count,
  byChannel: z.record(ReceptionChannelSchema, count),
  /** By the receive-method answer; receptions without one are in none of them. */
  byReceiveMethod: z.record(ReceiveMethodSchema, count),
  /** Minutes from confirmation to Completed; absent on a day without a completed reception. */
  waitMedianMinutes: z.number().min(0).optional(),
  waitP90Minutes: z.number().min(0).optional(),
  /** Counter receptions left unconfirmed (or cancelled by a kiosk reset) and deleted as abandoned. */
  abandoned: count,
  /** New photos asked of web visitors that day. */
  photoRequests: count,
});
export type ReportDay = z.infer<typeof ReportDaySchema>;

export const ReportHourSchema = z.object({ hour: z.number().int().min(0).max(23), total: count });
export type ReportHour = z.infer<typeof ReportHourSchema>;

export const DailyReportSchema = z.object({
  /** Every day of the period, oldest first; a day without receptions is there with zeros. */
  days: z.array(ReportDaySchema),
  /** Receptions by the hour (0–23, Asia/Tokyo) they were made, over the whole period. */
  hours: z.array(ReportHourSchema).length(24),
});
export type DailyReport = z.infer<typeof DailyReportSchema>;

export const REPORT_CHANNEL_LABELS: Record<ReceptionChannel, string> = { Paper: "店頭", Web: "Web" };

export function receiveMethodLabel(method: ReceiveMethod): string {
  return answerLabel("receiveMethod", method);
}

/** The CSV's columns, one line per day: the same figures as the table. */
export const REPORT_CSV_HEADER = [
  "日付",
  "受付数",
  ...ReceptionChannelSchema.options.map((channel) => `受付数（${REPORT_CHANNEL_LABELS[channel]}）`),
  ...ReceiveMethodSchema.options.map((method) => `受け取り（${receiveMethodLabel(method)}）`),
  "待ち時間 中央値（分）",
  "待ち時間 90パーセンタイル（分）",
  "中断された受付",
  "写真の再送依頼",
] as const;

/** A report day's cells in the CSV's columns (REPORT_CSV_HEADER). */
export function reportCsvCells(day: ReportDay): string[] {
  return [
    day.date,
    String(day.total),
    ...ReceptionChannelSchema.options.map((channel) => String(day.byChannel[channel])),
    ...ReceiveMethodSchema.options.map((method) => String(day.byReceiveMethod[method])),
    day.waitMedianMinutes === undefined ? "" : String(day.waitMedianMinutes),
    day.waitP90Minutes === undefined ? "" : String(day.waitP90Minutes),
    String(day.abandoned),
    String(day.photoRequests),
  ];
}
