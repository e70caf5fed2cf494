import { ReceiveMethodSchema, type ReceiveMethod } from "@pharmacy/contract/shared/enums";
import type { DailyReport } from "@pharmacy/contract/reports/reports";

/** The period at a glance, for the summary cards. */
export interface ReportSummary {
  total: number;
  /** Average over the days that had receptions (closed days would only pull it down). */
  perOpenDay: number | undefined;
  web: number;
  /** Web receptions as a share of all, 0–1. */
  webShare: number | undefined;
  /** The busiest hour of day (0–23); none without receptions. */
  peakHour: number | undefined;
  abandoned: number;
  photoRequests: number;
}

export function summaryOf({ days, hours }: DailyReport): ReportSummary {
  const total = sum(days.map((day) => day.total));
  const web = sum(days.map((day) => day.byChannel.Web));
  const openDays = days.filter((day) => day.total > 0).length;
  const peak = hours.reduce<{ hour: number; total: number } | undefined>(
    (best, row) => (row.total > (best?.total ?? 0) ? row : best),
    undefined,
  );
  return {
    total,
    perOpenDay: openDays > 0 ? total / openDays : undefined,
    web,
    webShare: total > 0 ? web / total : undefined,
    peakHour: peak?.hour,
    abandoned: sum(days.map((day) => day.abandoned)),
    photoRequests: sum(days.map((day) => day.photoRequests)),
  };
}

/** Receptions per receive method over the period, in the contract's order, those without any left out. */
export function receiveMethodTotals({ days }: DailyReport): { method: ReceiveMethod; total: number }[] {
  return ReceiveMethodSchema.options
    .map((method) => ({ method, total: sum(days.map((day) => day.byReceiveMethod[method])) }))
    .filter((row) => row.total > 0);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
