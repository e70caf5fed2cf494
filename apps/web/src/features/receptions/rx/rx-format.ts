import { formatCalendarDate } from "@pharmacy/contract/calendar/date-labels";
import {
  NEXT_DISPENSING_KIND_LABELS,
  windowLabel,
  type NextDispensingWindow,
} from "@pharmacy/contract/follow-ups/next-dispensing";
import {
  lastUsableDayOf,
  validityFlagOf,
  type Rx,
  type RxDrug,
  type RxGroup,
  type ValidityFlag,
} from "@pharmacy/contract/files/prescription-data";
import type { Prescription } from "@pharmacy/contract/receptions/receptions";

/** "2026年11月20日" of a YYYY-MM-DD (or "2026年11月" / "2026年" of a partial birth date). */
export function formatRxDate(date: string | null): string {
  return date ? formatCalendarDate(date) : "—";
}

/** The drug as staff read it: its name, or its code when the code printed only that. */
export function drugName(drug: RxDrug): string {
  return drug.name || `薬品コード ${drug.code}`;
}

/** "1錠", "0.5g": the amount with its unit, or "—" when the code gave none. */
export function drugAmount(drug: RxDrug): string {
  return drug.amount ? `${drug.amount}${drug.unit}` : "—";
}

/** 剤形コード (JAHIS): 頓服 counts times, 内服・内滴・浸煎・湯 count days; others as a bare quantity. */
const PER_TIME_FORMS = new Set(["3"]);
const PER_DAY_FORMS = new Set(["1", "2", "6", "7"]);

/** "14日分" / "5回分" / "数量 1" of an RP, or "" when the code gave no quantity. */
export function rpQuantity(rp: RxGroup): string {
  if (rp.days === null) return "";
  if (PER_TIME_FORMS.has(rp.dosageFormCode)) return `${rp.days}回分`;
  if (PER_DAY_FORMS.has(rp.dosageFormCode)) return `${rp.days}日分`;
  return `数量 ${rp.days}`;
}

/** 分割 (record 102) of an RP: "今回 7日分（全28日分）". */
export function rpSplit(split: NonNullable<RxGroup["split"]>): string {
  return `分割 今回${split.days}日分（全${split.totalDays}日分）`;
}

/** The usage line: 用法名称 (or its code) and its notes. */
export function rpUsage(rp: RxGroup): string {
  const usage = rp.usage || (rp.usageCode ? `用法コード ${rp.usageCode}` : "");
  return [usage, ...rp.usageNotes].filter(Boolean).join("　");
}

/** "男性" / "女性" / "" of the code's 性別. */
export function sexLabel(sex: Rx["patient"]["sex"]): string {
  return sex === "male" ? "男性" : sex === "female" ? "女性" : "";
}

/** The reception's validity flag: of the earliest last usable day among its read prescriptions. */
export function receptionValidityFlag(prescriptions: readonly Prescription[], today: string): ValidityFlag | null {
  const lastDay = lastUsableDayOf(prescriptions);
  return lastDay === undefined ? null : validityFlagOf(lastDay, { date: today });
}

/** antd Tag colours of the flags: red for gone or going today, gold for one day left (both pass axe contrast). */
export const VALIDITY_FLAG_COLORS: Record<ValidityFlag, string> = {
  expired: "red",
  lastDay: "red",
  oneDayLeft: "gold",
};

/**
 * 「11月30日〜12月14日（リフィル 全3回）」 / 「12月7日（分割調剤 3回中2回目）」: when the patient comes back
 * (a day in another year than `today`'s with its year).
 */
export function nextDispensingText(window: NextDispensingWindow, today: string): string {
  const what =
    window.kind === "refill"
      ? `${NEXT_DISPENSING_KIND_LABELS.refill}${window.totalUses ? ` 全${window.totalUses}回` : ""}`
      : `${NEXT_DISPENSING_KIND_LABELS.split}${window.part ? ` ${window.part.total}回中${window.part.current + 1}回目` : ""}`;
  return `${windowLabel(window, today)}（${what}）`;
}
