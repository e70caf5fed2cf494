import {
  endOfBusinessDate,
  instantOf,
  openingTimeOn,
  startOfBusinessDate,
} from "@pharmacy/contract/calendar/business-calendar";
import { ReceiveMethodSchema, ReceptionChannelSchema } from "@pharmacy/contract/shared/enums";
import {
  REPORT_CSV_HEADER,
  reportCsvCells,
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

  async daily(pharmacyId: string, query: ReportQuery): Promise<DailyReport> {
    const [days, hours] = await Promise.all([
      this.daysOfBranches([pharmacyId], query),
      repo.receptionsByHour(this.deps.db, await this.range([pharmacyId], query)),
    ]);
    const byHour = new Map(hours.map((row) => [row.hour, row.total]));
    return {
      days: days.get(pharmacyId)!,
      hours: Array.from({ length: 24 }, (_, hour) => ({ hour, total: byHour.get(hour) ?? 0 })),
    };
  }

  /**
   * Each branch's report days, keyed by branch: one branch's report, or every branch of an organisation
   * (docs/rules.md#organisations), in the same few grouped queries whatever the number of branches.
   */
  async daysOfBranches(pharmacyIds: readonly string[], { from, to }: ReportQuery): Promise<Map<string, ReportDay[]>> {
    const range = await this.range(pharmacyIds, { from, to });
    const window = { start: startOfBusinessDate(from), end: endOfBusinessDate(to) };
    const [figures, abandoned, photoRequests] = await Promise.all([
      repo.dayFigures(this.deps.db, range),
      repo.abandonedByDay(this.deps.db, range),
      repo.photoRequestsByDay(this.deps.db, pharmacyIds, window),
    ]);
    const dates = reportDates(from, to);
    const branches = new Map(
      pharmacyIds.map((id) => [id, new Map(dates.map((date) => [date, emptyDay(date)]))] as const),
    );
    const dayOf = (row: { pharmacyId: string; date: string }) => branches.get(row.pharmacyId)!.get(row.date)!;
    for (const row of figures) {
      const day = dayOf(row);
      day.total = row.total;
      day.byChannel = row.channels;
      day.byReceiveMethod = row.receiveMethods;
      if (row.waitMedian !== null && row.waitP90 !== null) {
        day.waitMedianMinutes = roundedMinutes(row.waitMedian);
        day.waitP90Minutes = roundedMinutes(row.waitP90);
      }
    }
    for (const row of abandoned) dayOf(row).abandoned = row.total;
    for (const row of photoRequests) dayOf(row).photoRequests = row.total;
    return new Map([...branches].map(([id, days]) => [id, [...days.values()]]));
  }

  /** The branches and period, with when their days open by their business hours (their current ones). */
  private async range(pharmacyIds: readonly string[], { from, to }: ReportQuery): Promise<repo.ReportRange> {
    const hoursOfBranch = await this.deps.settings.businessHoursOf(pharmacyIds);
    const dates = reportDates(from, to);
    const sets = new Map<string, number>();
    const openings: repo.ReportRange["openings"] = [];
    const hoursOf = pharmacyIds.map((pharmacyId) => {
      const hours = hoursOfBranch.get(pharmacyId)!;
      const key = JSON.stringify(hours);
      let set = sets.get(key);
      if (set === undefined) {
        set = sets.size;
        sets.set(key, set);
        for (const date of dates) {
          const time = openingTimeOn(date, hours);
          if (time !== undefined) openings.push({ hours: set, date, opensAt: instantOf({ date, time }) });
        }
      }
      return { pharmacyId, hours: set };
    });
    return { pharmacyIds, from, to, hoursOf, openings };
  }

  /** The same days as the CSV an office opens in Excel: one line per day. */
  async dailyCsv(pharmacyId: string, query: ReportQuery): Promise<string> {
    const { days } = await this.daily(pharmacyId, query);
    return csvOf([[...REPORT_CSV_HEADER], ...days.map(reportCsvCells)]);
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
