import * as z from "../shared/zod.js";
import { textSchema } from "../shared/text.js";
import { PersonRoleSchema } from "../auth/roles.js";
import { REPORT_CSV_HEADER, ReportDaySchema } from "../reports/reports.js";

/** 法人名: the organisation that holds branches (docs/rules.md#organisations). */
export const OrganizationNameSchema = textSchema("法人名を入力してください")
  .trim()
  .max(100, "法人名は100文字以内で入力してください");

export const BranchNameSchema = textSchema("店舗名を入力してください")
  .trim()
  .min(1, "店舗名を入力してください")
  .max(100, "店舗名は100文字以内で入力してください");

export const BranchSchema = z.object({ id: z.uuid(), name: z.string(), publicSlug: z.string() });
export type Branch = z.infer<typeof BranchSchema>;

/** GET /api/organization (本部管理者): the organisation and every branch of it, oldest first. */
export const OrganizationSchema = z.object({ id: z.uuid(), name: z.string(), branches: z.array(BranchSchema) });
export type Organization = z.infer<typeof OrganizationSchema>;

/** POST /api/organization/branches: a new branch of the organisation; whoever adds it is its first admin. */
export const AddBranchSchema = z.strictObject({ name: BranchNameSchema });
export type AddBranchInput = z.input<typeof AddBranchSchema>;

/** GET /api/user/branches: the branches the signed-in person works in, with their role in each. */
export const UserBranchesSchema = z.object({
  branches: z.array(z.object({ id: z.uuid(), name: z.string(), role: PersonRoleSchema })),
});
export type UserBranches = z.infer<typeof UserBranchesSchema>;

/** POST /auth/switch_branch: new tokens for another branch the person belongs to (403 1012 otherwise). */
export const SwitchBranchSchema = z.strictObject({ branchId: z.uuid("店舗を選んでください") });
export type SwitchBranchInput = z.input<typeof SwitchBranchSchema>;

/** One branch's day on the 本部 screen (docs/rules.md#organisations). */
export const BranchDaySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Today's receptions confirmed (a kiosk's still being made are not counted). */
  received: z.number().int(),
  /** Of those, not Completed yet. */
  waiting: z.number().int(),
  completed: z.number().int(),
  /** Earlier days' receptions on today's list (持ち越し). */
  carried: z.number().int(),
  /** Receptions whose pickup day is today, not handed over. */
  pickupsDue: z.number().int(),
  /** Follow-ups due by today, not closed. */
  followUpsDue: z.number().int(),
  /** LINE messages and visitors' mails of today that could not go out. */
  failedNotices: z.number().int(),
});
export type BranchDay = z.infer<typeof BranchDaySchema>;

/** GET /api/organization/today: every branch of the organisation, oldest first, on today's business day. */
export const OrganizationTodaySchema = z.object({ date: z.string(), branches: z.array(BranchDaySchema) });
export type OrganizationToday = z.infer<typeof OrganizationTodaySchema>;

/**
 * GET /api/organization/reports/daily?from=&to= (the query of a branch's report: Tokyo business days,
 * at most a year): each branch of the organisation, oldest first, with the figures of its own daily report.
 */
export const OrganizationDailyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  branches: z.array(z.object({ id: z.uuid(), name: z.string(), days: z.array(ReportDaySchema) })),
});
export type OrganizationDailyReport = z.infer<typeof OrganizationDailyReportSchema>;

/** The organisation's CSV: one line per branch and day, the branch first, then a branch report's columns. */
export const ORGANIZATION_REPORT_CSV_HEADER = ["店舗", ...REPORT_CSV_HEADER] as const;
