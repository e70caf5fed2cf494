import type { DailyReport, ReportDay } from "@pharmacy/contract/reports/reports";
import { describe, expect, it } from "vitest";
import { receiveMethodTotals, summaryOf } from "./report-figures";

function day(date: string, figures: Partial<ReportDay> = {}): ReportDay {
  return {
    date,
    total: 0,
    byChannel: { Paper: 0, Web: 0 },
    byReceiveMethod: { Pharmacy: 0, Locker: 0, Delivery: 0, ReturnVisit: 0 },
    abandoned: 0,
    photoRequests: 0,
    ...figures,
  };
}

const hours = (busy: Record<number, number>) =>
  Array.from({ length: 24 }, (_, hour) => ({ hour, total: busy[hour] ?? 0 }));

const report: DailyReport = {
  days: [
    day("2026-06-03", {
      total: 4,
      byChannel: { Paper: 3, Web: 1 },
      byReceiveMethod: { Pharmacy: 2, Locker: 1, Delivery: 0, ReturnVisit: 0 },
      abandoned: 2,
      photoRequests: 1,
    }),
    day("2026-06-04"),
    day("2026-06-05", {
      total: 2,
      byChannel: { Paper: 1, Web: 1 },
      byReceiveMethod: { Pharmacy: 1, Locker: 0, Delivery: 0, ReturnVisit: 0 },
    }),
  ],
  hours: hours({ 9: 3, 10: 1, 14: 2 }),
};

describe("report figures", () => {
  it("sums the period, averages over the days with receptions and names the busiest hour", () => {
    expect(summaryOf(report)).toEqual({
      total: 6,
      perOpenDay: 3,
      web: 2,
      webShare: 2 / 6,
      peakHour: 9,
      abandoned: 2,
      photoRequests: 1,
    });
  });

  it("has no average, share or busiest hour for a period without receptions", () => {
    expect(summaryOf({ days: [day("2026-06-04")], hours: hours({}) })).toEqual({
      total: 0,
      perOpenDay: undefined,
      web: 0,
      webShare: undefined,
      peakHour: undefined,
      abandoned: 0,
      photoRequests: 0,
    });
  });

  it("totals each receive method that was chosen", () => {
    expect(receiveMethodTotals(report)).toEqual([
      { method: "Pharmacy", total: 3 },
      { method: "Locker", total: 1 },
    ]);
  });
});
