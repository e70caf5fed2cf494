import {
  endOfBusinessDate,
  instantOf,
  openingTimeOn,
  startOfBusinessDate,
} from "@pharmacy/contract/calendar/business-calendar";
import { ReceiveMethodSchema, ReceptionChannelSchema } from "@pharmacy/contract/shared/enums";
import {
  REPORT_CSV_HEADER,
  reportDates,
  type DailyReport,
  type ReportDay,
  type ReportQuery,
} from "@pharmacy/contract/reports/reports";
import type { Db } from "../../db/schema.js";
import { csvOf } from "../../lib/csv.js";
import type { SettingsService } from "../settings/index.js";
import * as repo from "./repository.js";

export interface ReportServiceDeps {
  db: Db;
  settings: SettingsService;
}

/** Reports (docs/rules.md#reports): a branch's receptions, their mix and the patients' wait over a period of business days. */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  async daily(pharmacyId: string, { from, to }: ReportQuery): Promise<DailyReport> {
    const range = { pharmacyId, from, to, openings: await this.openings(pharmacyId, from, to) };
    const window = { start: startOfBusinessDate(from), end: endOfBusinessDate(to) };
    const [figures, hours, abandoned, photoRequests] = await Promise.all([
      repo.dayFigures(this.deps.db, range),
      repo.receptionsByHour(this.deps.db, range),
      repo.abandonedByDay(this.deps.db, range),
      repo.photoRequestsByDay(this.deps.db, pharmacyId, window),
    ]);
    const days = new Map(reportDates(from, to).map((date) => [date, emptyDay(date)]));
    for (const row of figures) {
      const day = days.get(row.date)!;
      day.total = row.total;
      day.byChannel = row.channels;
      day.byReceiveMethod = row.receiveMethods;
      if (row.waitMedian !== null && row.waitP90 !== null) {
        day.waitMedianMinutes = roundedMinutes(row.waitMedian);
        day.waitP90Minutes = roundedMinutes(row.waitP90);
      }
    }
    for (const row of abandoned) days.get(row.date)!.abandoned = row.total;
    for (const row of photoRequests) days.get(row.date)!.photoRequests = row.total;
    const byHour = new Map(hours.map((row) => [row.hour, row.total]));
    return {
      days: [...days.values()],
      hours: Array.from({ length: 24 }, (_, hour) => ({ hour, total: byHour.get(hour) ?? 0 })),
    };
  }

  /** When each day of the period opens by the branch's business hours (its current ones). */
  private async openings(pharmacyId: string, from: string, to: string): Promise<repo.ReportRange["openings"]> {
    const hours = await this.deps.settings.businessHours(pharmacyId);
    return reportDates(from, to).flatMap((date) => {
      const time = openingTimeOn(date, hours);
      return time === undefined ? [] : [{ date, opensAt: instantOf({ date, time }) }];
    });
  }

  /** The same days as the CSV an office opens in Excel: one line per day. */
  async dailyCsv(pharmacyId: string, query: ReportQuery): Promise<string> {
    const { days } = await this.daily(pharmacyId, query);
    return csvOf([
      [...REPORT_CSV_HEADER],
      ...days.map((day) => [
        day.date,
        String(day.total),
        ...ReceptionChannelSchema.options.map((channel) => String(day.byChannel[channel])),
        ...ReceiveMethodSchema.options.map((method) => String(day.byReceiveMethod[method])),
        day.waitMedianMinutes === undefined ? "" : String(day.waitMedianMinutes),
        day.waitP90Minutes === undefined ? "" : String(day.waitP90Minutes),
        String(day.abandoned),
        String(day.photoRequests),
      ]),
    ]);
  }
}

function emptyDay(date: string): ReportDay {
  return {
    date,
    total: 0,
    byChannel: Object.fromEntries(
      ReceptionChannelSchema.options.map((channel) => [channel, 0]),
    ) as ReportDay["byChannel"],
    byReceiveMethod: Object.fromEntries(
      ReceiveMethodSchema.options.map((method) => [method, 0]),
    ) as ReportDay["byReceiveMethod"],
    abandoned: 0,
    photoRequests: 0,
  };
}

/** Minutes to one decimal: finer than anyone reads a wait, coarse enough to compare days. */
function roundedMinutes(minutes: number): number {
  return Math.round(minutes * 10) / 10;
}
