import * as z from "../shared/zod.js";
import { addDays, startOfBusinessDate } from "../calendar/business-calendar.js";
import { NOTICES_KEPT_DAYS_AFTER_PICKUP } from "../receptions/across-days.js";

/**
 * The kinds of record a branch keeps for a period and then deletes (docs/rules.md#records-kept-and-deleted).
 * - `handedOverPhotos`: the photos and read 2D code data of a handed-over reception, from its hand-over day;
 * - `deletedReceptions`: a deleted or abandoned (never confirmed) reception: its photos at once, the row's
 *   personal fields (name, phone, answers, note, status link, history details) after the period;
 * - `contacts`: a visitor's push subscriptions, e-mail address and LINE link, from the pickup day (deleted at
 *   hand-over or deletion in any case; 14 days is the product's longest);
 * - `followUps`: follow-ups and their answers, from their last activity (the 薬歴's period: 3 years at least);
 * - `auditLog`: the audit log and the receptions' histories (3 years at least).
 */
export const RetentionKindSchema = z.enum(
  ["handedOverPhotos", "deletedReceptions", "contacts", "followUps", "auditLog"],
  {
    error: "保存期間の種類が正しくありません",
  },
);
export type RetentionKind = z.infer<typeof RetentionKindSchema>;

export interface RetentionRule {
  defaultDays: number;
  /** A legal minimum where one exists, else 0. */
  minimumDays: number;
  maximumDays: number;
}

const TEN_YEARS = 3650;
const THREE_YEARS = 1095;

export const RETENTION_RULES: Record<RetentionKind, RetentionRule> = {
  handedOverPhotos: { defaultDays: 90, minimumDays: 0, maximumDays: TEN_YEARS },
  deletedReceptions: { defaultDays: 30, minimumDays: 0, maximumDays: 365 },
  contacts: {
    defaultDays: NOTICES_KEPT_DAYS_AFTER_PICKUP,
    minimumDays: 0,
    maximumDays: NOTICES_KEPT_DAYS_AFTER_PICKUP,
  },
  followUps: { defaultDays: THREE_YEARS, minimumDays: THREE_YEARS, maximumDays: TEN_YEARS },
  auditLog: { defaultDays: 5 * 365, minimumDays: THREE_YEARS, maximumDays: TEN_YEARS },
};

/** What each kind is, for the settings page, the audit log and the export. */
export const RETENTION_KIND_LABELS: Record<RetentionKind, string> = {
  handedOverPhotos: "お渡し済み受付の写真とコードの読取データ",
  deletedReceptions: "削除・中断した受付の氏名・電話番号・問診の回答",
  contacts: "お知らせの連絡先（プッシュ通知・メール・LINE）",
  followUps: "服薬フォローアップとその回答",
  auditLog: "操作の記録（監査ログ・受付の履歴）",
};

/** From when each period runs, and why it is as long as it is (the settings page shows both). */
export const RETENTION_KIND_NOTES: Record<RetentionKind, string> = {
  handedOverPhotos:
    "お渡しの日から数えます。お渡し後の問い合わせに答えるための期間です。調剤済みの処方箋（原本）は薬局が別に3年間保存します（薬剤師法第27条）。",
  deletedReceptions:
    "削除・中断した日から数えます。写真はすぐに削除し、氏名・電話番号・問診の回答・メモはこの期間の後に削除します。受付番号は残ります。",
  contacts: "お受け取り予定日から数えます（最長14日）。お渡し・削除の時点で必ず削除します。",
  followUps: "最後の対応の日から数えます。薬剤服用歴の記録として3年以上保存する必要があります。",
  auditLog:
    "記録の日から数えます。医療情報システムの安全管理に関するガイドラインに沿い、3年以上保存する必要があります。",
};

export const RetentionPeriodSchema = z.object({
  kind: RetentionKindSchema,
  days: z.number().int(),
  minimumDays: z.number().int(),
  maximumDays: z.number().int(),
});
export type RetentionPeriod = z.infer<typeof RetentionPeriodSchema>;

/** GET `/api/retention`: every kind, in the order of the enum. */
export const RetentionSettingsSchema = z.object({ kinds: z.array(RetentionPeriodSchema) });
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

/**
 * PUT `/api/retention`: the kinds to change (others stay); the GET's answer may be sent back as it is
 * (`minimumDays` and `maximumDays` are the contract's, never taken). A period outside its kind's range is
 * refused by the server with errorCode 1501 or 1502.
 */
export const SaveRetentionSchema = z.strictObject({
  kinds: z
    .array(
      z.object({
        kind: RetentionKindSchema,
        days: z.number("日数を入力してください").int("日数は整数で入力してください").min(0).max(36_500),
      }),
    )
    .min(1)
    .max(RetentionKindSchema.options.length)
    .refine((kinds) => new Set(kinds.map((entry) => entry.kind)).size === kinds.length, {
      message: "同じ種類が2回指定されています",
    }),
});
export type SaveRetention = z.infer<typeof SaveRetentionSchema>;

/** Why a period cannot be kept, or undefined when it can. */
export function retentionPeriodProblem(kind: RetentionKind, days: number): "belowMinimum" | "aboveMaximum" | undefined {
  const rule = RETENTION_RULES[kind];
  if (days < rule.minimumDays) return "belowMinimum";
  if (days > rule.maximumDays) return "aboveMaximum";
  return undefined;
}

/** What one pass of the sweep deletes: a kind, or the photos a deleted reception loses at once. */
export type RetentionSweepPart = RetentionKind | "deletedReceptionPhotos";

const SWEEP_PART_LABELS: Record<RetentionSweepPart, string> = {
  ...RETENTION_KIND_LABELS,
  deletedReceptionPhotos: "削除・中断した受付の写真とコードの読取データ",
};

/** The audit entry of a sweep: what, how many and the period, never what was deleted (「… 3件（保存期間 90日）」). */
export function retentionSweepDetail(part: RetentionSweepPart, count: number, days: number): string {
  return `${SWEEP_PART_LABELS[part]} ${count}件（保存期間 ${days}日）`;
}

/** The audit entry of a change of the periods: 「服薬フォローアップとその回答 1095日 → 1825日」 per kind changed. */
export function retentionChangeDetail(changes: { kind: RetentionKind; from: number; to: number }[]): string {
  return changes.map((change) => `${RETENTION_KIND_LABELS[change.kind]} ${change.from}日 → ${change.to}日`).join("、");
}

/**
 * A record of business day D (Asia/Tokyo) kept for `days` days is there all of day D + days and gone from
 * the start of D + days + 1: due when its instant is before this one (today's start, `days` days back).
 */
export function retentionCutoff(today: string, days: number): Date {
  return startOfBusinessDate(addDays(today, -days));
}

/** The same rule for a record counted from a day (a visitor's contacts, from the pickup day). */
export function isDueAfter(day: string, days: number, today: string): boolean {
  return addDays(day, days) < today;
}
