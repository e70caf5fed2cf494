import * as z from "../shared/zod.js";
import { addDays, businessDateOf, periodsOn } from "../calendar/business-calendar.js";
import { formatMonthDate } from "../calendar/date-labels.js";
import type { Rx } from "../files/prescription-data.js";
import { ApiDateSchema } from "../receptions/questions.js";
import type { BusinessHours } from "../settings/settings.js";

/**
 * docs/rules.md#continuity-of-care 次回調剤: when a refill (リフィル, record 64) or split (分割, records 63 and 102) prescription
 * brings the patient back. The supply dispensed on `dispensedOn` lasts the RPs' days (頓服's count is
 * times, not days, and is left out); it runs out on `dispensedOn + days`.
 * - Refill: the next use may be dispensed from 7 days before to 7 days after that day (the code says
 *   how many uses in all, not which one this is: staff close the reminder after the last use).
 * - Split: the next part on the day the current part runs out (record 102's days of this time, else the
 *   RPs' days); none after the last part (record 63 `current === total`).
 */

export const NextDispensingKindSchema = z.enum(["refill", "split"]);
export type NextDispensingKind = z.infer<typeof NextDispensingKindSchema>;
export const NEXT_DISPENSING_KIND_LABELS: Record<NextDispensingKind, string> = {
  refill: "リフィル",
  split: "分割調剤",
};

export const REFILL_WINDOW_DAYS = 7;
/** The patient (with consent) is reminded this many days before the window opens. */
export const REFILL_REMINDER_DAYS_BEFORE = 3;
/** JAHIS 剤形コード of 頓服: its 調剤数量 counts times, not days. */
const AS_NEEDED_DOSAGE_FORM = "3";

export interface NextDispensingWindow {
  kind: NextDispensingKind;
  /** The day the current supply runs out. */
  runsOutOn: string;
  from: string;
  to: string;
  /** Refill: uses in all. Split: this part and the parts in all (when record 63 says). */
  totalUses?: number;
  part?: { current: number; total: number };
}

function supplyDays(rx: Pick<Rx, "rps">, splitOnly: boolean): number | null {
  const days = rx.rps
    .filter((rp) => rp.dosageFormCode !== AS_NEEDED_DOSAGE_FORM)
    .map((rp) => (splitOnly ? rp.split?.days : (rp.split?.days ?? rp.days)))
    .filter((value): value is number => typeof value === "number" && value > 0);
  if (days.length === 0) return null;
  return splitOnly ? Math.min(...days) : Math.max(...days);
}

/** The next dispensing's window, or null when the code says neither refill nor a part left to dispense. */
/** The day the medicine was dispensed, which the next dispensing is counted from: the day it was handed over, else the reception's own day. */
export function dispensedOnOf(reception: { handedOverAt?: string | null; receptionDate: string }): string {
  return reception.handedOverAt ? businessDateOf(new Date(reception.handedOverAt)) : reception.receptionDate;
}

export function nextDispensingWindow(
  rx: Pick<Rx, "rps" | "refill" | "splitDispensing">,
  dispensedOn: string,
): NextDispensingWindow | null {
  const split = rx.splitDispensing;
  const splitRps = rx.rps.some((rp) => rp.split && rp.split.days < rp.split.totalDays);
  if (split ? split.current < split.total : splitRps) {
    const days = supplyDays(rx, splitRps) ?? supplyDays(rx, false);
    if (days === null) return null;
    const runsOutOn = addDays(dispensedOn, days);
    return {
      kind: "split",
      runsOutOn,
      from: runsOutOn,
      to: runsOutOn,
      ...(split ? { part: { current: split.current, total: split.total } } : {}),
    };
  }
  if (rx.refill && rx.refill.totalUses > 1) {
    const days = supplyDays(rx, false);
    if (days === null) return null;
    const runsOutOn = addDays(dispensedOn, days);
    return {
      kind: "refill",
      runsOutOn,
      from: addDays(runsOutOn, -REFILL_WINDOW_DAYS),
      to: addDays(runsOutOn, REFILL_WINDOW_DAYS),
      totalUses: rx.refill.totalUses,
    };
  }
  return null;
}

/**
 * The window's days on which the branch does not open (元日 and the other national holidays unless it
 * opens on them, its own closed dates, a weekday without hours): staff see them beside the window, so
 * that a patient is not told to come on a day the door is shut. The window itself is not moved: the
 * rules (7 days either side of the day the supply runs out, a split's part on that day) stay as the
 * prescription sets them.
 */
export function closedDaysIn(window: Pick<NextDispensingWindow, "from" | "to">, hours: BusinessHours): string[] {
  const closed: string[] = [];
  for (let date = window.from; date <= window.to; date = addDays(date, 1))
    if (periodsOn(date, hours).length === 0) closed.push(date);
  return closed;
}

/** The day the reminder goes out (at the branch's opening time). */
export function refillReminderOn(window: Pick<NextDispensingWindow, "from">): string {
  return addDays(window.from, -REFILL_REMINDER_DAYS_BEFORE);
}

export const ReminderStatusSchema = z.enum(["none", "scheduled", "sent", "closed"]);
export type ReminderStatus = z.infer<typeof ReminderStatusSchema>;
export const REMINDER_STATUS_LABELS: Record<ReminderStatus, string> = {
  none: "お知らせなし（同意なし）",
  scheduled: "お知らせ予定",
  sent: "お知らせ済み",
  closed: "終了",
};

export const NextDispensingSchema = z.object({
  receptionId: z.uuid(),
  prescriptionId: z.uuid(),
  receptionNumber: z.number().int(),
  partitionNumber: z.number().int(),
  receptionDate: ApiDateSchema,
  /** The name given at reception, else the one the prescription's code holds (then `patientNameFromCode`). */
  patientName: z.string().optional(),
  patientNameFromCode: z.boolean().optional(),
  institutionName: z.string(),
  dispensedOn: ApiDateSchema,
  kind: NextDispensingKindSchema,
  runsOutOn: ApiDateSchema,
  from: ApiDateSchema,
  to: ApiDateSchema,
  totalUses: z.number().int().optional(),
  part: z.object({ current: z.number().int(), total: z.number().int() }).optional(),
  reminder: z.object({ status: ReminderStatusSchema, remindOn: ApiDateSchema, sentAt: z.iso.datetime().optional() }),
  /** The window's days the branch is closed (`closedDaysIn`). */
  closedDays: z.array(ApiDateSchema),
});
export type NextDispensing = z.infer<typeof NextDispensingSchema>;

/** GET /api/next_dispensings?from=&to= (staff, admin): windows overlapping the range (default today and the next 30 days). */
export const NextDispensingsQuerySchema = z.strictObject({
  from: ApiDateSchema.optional(),
  to: ApiDateSchema.optional(),
});
export type NextDispensingsQuery = z.input<typeof NextDispensingsQuerySchema>;
export const NextDispensingsSchema = z.object({ nextDispensings: z.array(NextDispensingSchema) });
export type NextDispensings = z.infer<typeof NextDispensingsSchema>;
export const NEXT_DISPENSINGS_DEFAULT_DAYS = 30;

/** The reminder's link: the branch's web reception with 「前回と同じ処方箋（リフィル／分割）」 chosen. */
export const REPEAT_PRESCRIPTION_SEARCH = { repeat: "1" } as const;
export const REPEAT_PRESCRIPTION_LABEL = "前回と同じ処方箋（リフィル／分割）";
export function repeatReceptionPath(publicSlug: string): string {
  return `/web/${publicSlug}?repeat=${REPEAT_PRESCRIPTION_SEARCH.repeat}`;
}

/**
 * 「11月30日〜12月14日」 or one day 「11月30日」; a day in another year than `today`'s (the business day
 * in Tokyo) carries its year: 「12月28日〜2027年1月11日」.
 */
export function windowLabel(window: Pick<NextDispensingWindow, "from" | "to">, today: string): string {
  const day = (date: string) => formatMonthDate(date, today);
  return window.from === window.to ? day(window.from) : `${day(window.from)}〜${day(window.to)}`;
}

/**
 * What staff read beside a window about its closed days (`closedDaysIn`): 「休業日」 when the window is
 * one closed day, 「休業日 12月27日・12月31日」 for those inside a longer one, "" when there are none.
 */
export function closedDaysLabel(
  window: Pick<NextDispensingWindow, "from" | "to">,
  closedDays: readonly string[],
  today: string,
): string {
  if (closedDays.length === 0) return "";
  if (window.from === window.to) return "休業日";
  return `休業日 ${closedDays.map((date) => formatMonthDate(date, today)).join("・")}`;
}
