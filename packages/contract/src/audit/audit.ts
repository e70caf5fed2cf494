import * as z from "../shared/zod.js";
import { ApiDateSchema } from "../receptions/questions.js";

/** What the audit log records (docs/rules.md#people-roles-and-devices): every change, and every opening of a reception or its files. */
export const AuditActionSchema = z.enum([
  "reception.created",
  "reception.updated",
  "reception.deleted",
  "reception.opened",
  "reception.confirmed",
  "abandoned",
  "file.uploaded",
  "file.opened",
  "prescription.moved",
  "prescription.deleted",
  "settings.updated",
  "pharmacy.updated",
  "business_hours.updated",
  "staff.invited",
  "staff.reinvited",
  "staff.invitation_cancelled",
  "staff.updated",
  "staff.joined",
  "device.created",
  "device.deleted",
  "mfa.enabled",
  "mfa.disabled",
  "sign_in",
  "sign_out",
  "password.reset",
  "care_contact.recorded",
  "care_contact.deleted",
  "follow_up.planned",
  "follow_up.sent",
  "follow_up.answered",
  "follow_up.no_answer",
  "follow_up.updated",
  "follow_up.closed",
  "follow_up.report_printed",
  "follow_up_templates.updated",
  "refill_reminder.sent",
  "line.connected",
  "line.disconnected",
  "branch.created",
  "branch.switched",
  "retention.updated",
  "retention.swept",
  "patient_data.exported",
  "patient_data.contacts_deleted",
  "patient_data.photos_deleted",
  "patient_data.reception_deleted",
  "organization_settings.updated",
]);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "reception.created": "受付を作成",
  "reception.updated": "受付を変更",
  "reception.deleted": "受付を削除",
  "reception.opened": "受付を表示",
  "reception.confirmed": "受付を確定",
  abandoned: "受付を中断（自動削除）",
  "file.uploaded": "ファイルを登録",
  "file.opened": "ファイルを表示",
  "prescription.moved": "処方箋を移動",
  "prescription.deleted": "処方箋を削除",
  "settings.updated": "設定を変更",
  "pharmacy.updated": "店舗情報を変更",
  "business_hours.updated": "営業時間を変更",
  "staff.invited": "スタッフを招待",
  "staff.reinvited": "招待を再送",
  "staff.invitation_cancelled": "招待を取り消し",
  "staff.updated": "スタッフを変更",
  "staff.joined": "招待を承認",
  "device.created": "端末を登録",
  "device.deleted": "端末を削除",
  "mfa.enabled": "2段階認証を有効化",
  "mfa.disabled": "2段階認証を無効化",
  sign_in: "サインイン",
  sign_out: "サインアウト",
  "password.reset": "パスワードを再設定",
  "care_contact.recorded": "体調確認の連絡先を登録",
  "care_contact.deleted": "体調確認の連絡先を削除",
  "follow_up.planned": "フォローアップを予定",
  "follow_up.sent": "フォローアップを送信",
  "follow_up.answered": "フォローアップに回答",
  "follow_up.no_answer": "フォローアップ未回答",
  "follow_up.updated": "フォローアップの所見を記入",
  "follow_up.closed": "フォローアップを完了",
  "follow_up.report_printed": "服薬情報提供書を印刷",
  "follow_up_templates.updated": "フォローアップのテンプレートを変更",
  "refill_reminder.sent": "次回調剤のお知らせを送信",
  "line.connected": "LINE公式アカウントを設定",
  "line.disconnected": "LINE公式アカウントの設定を削除",
  "branch.created": "店舗を追加",
  "branch.switched": "店舗を切り替え",
  "retention.updated": "データの保存期間を変更",
  "retention.swept": "保存期間を過ぎたデータを削除",
  "patient_data.exported": "患者の求めにより保有データを出力",
  "patient_data.contacts_deleted": "患者の求めにより連絡先を削除",
  "patient_data.photos_deleted": "患者の求めにより写真を削除",
  "patient_data.reception_deleted": "患者の求めにより受付を削除",
  "organization_settings.updated": "本部の共通設定を変更",
};

/** Who did it: a person, a device, a patient (public web reception) or the server itself (sweeps). */
export const AuditActorTypeSchema = z.enum(["user", "device", "patient", "system"]);
export type AuditActorType = z.infer<typeof AuditActorTypeSchema>;

export const AUDIT_ACTOR_TYPE_LABELS: Record<AuditActorType, string> = {
  user: "スタッフ",
  device: "端末",
  patient: "患者",
  system: "システム",
};

export const AuditQuerySchema = z.strictObject({
  from: ApiDateSchema.optional(),
  to: ApiDateSchema.optional(),
  /** A person's or device's id. */
  actor: z.uuid("操作者のIDの形式が正しくありません").optional(),
  action: AuditActionSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export const AuditCsvQuerySchema = AuditQuerySchema.omit({ page: true, pageSize: true });

export const AuditRowSchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actorType: AuditActorTypeSchema,
  actorId: z.uuid().optional(),
  actorName: z.string().optional(),
  action: AuditActionSchema,
  targetType: z.string().optional(),
  targetId: z.string().optional(),
  /** e.g. the reception number, so that a row reads without another lookup. */
  detail: z.string().optional(),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;

export const AuditListSchema = z.object({ rows: z.array(AuditRowSchema), total: z.number().int() });
export type AuditList = z.infer<typeof AuditListSchema>;

export const AUDIT_CSV_HEADER = ["日時", "操作者の種類", "操作者", "操作", "対象", "対象ID", "内容"] as const;

/** GET /api/organization/audit (本部管理者): every branch's log, or one branch's (`branchId`, of the organisation). */
export const OrganizationAuditQuerySchema = AuditQuerySchema.extend({
  branchId: z.uuid("店舗のIDの形式が正しくありません").optional(),
});
export type OrganizationAuditQuery = z.input<typeof OrganizationAuditQuerySchema>;

export const OrganizationAuditListSchema = z.object({
  rows: z.array(AuditRowSchema.extend({ branchId: z.uuid() })),
  total: z.number().int(),
});
export type OrganizationAuditList = z.infer<typeof OrganizationAuditListSchema>;
