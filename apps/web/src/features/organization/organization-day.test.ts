import type { BranchDay, OrganizationToday } from "@pharmacy/contract/organization/organization";
import { describe, expect, it } from "vitest";
import { applyOrganizationDay, dayTotals } from "./organization-day";

const row = (id: string, name: string, received = 0): BranchDay => ({
  id,
  name,
  received,
  waiting: received,
  completed: 0,
  carried: 0,
  pickupsDue: 0,
  followUpsDue: 0,
  failedNotices: 0,
});
const HONTEN = "11111111-1111-4111-8111-111111111111";
const EKIMAE = "22222222-2222-4222-8222-222222222222";
const today: OrganizationToday = { date: "2026-11-29", branches: [row(HONTEN, "本店", 2), row(EKIMAE, "駅前店")] };

describe("applyOrganizationDay", () => {
  it("replaces the rows the frame brings and keeps the others and the table's order", () => {
    const result = applyOrganizationDay(today, {
      type: "organization.day.updated",
      date: "2026-11-29",
      branches: [row(EKIMAE, "駅前店", 1)],
    });
    expect(result).toEqual({
      stale: false,
      today: { ...today, branches: [row(HONTEN, "本店", 2), row(EKIMAE, "駅前店", 1)] },
    });
  });

  it("says the day must be read again for a frame of another day", () => {
    const frame = {
      type: "organization.day.updated" as const,
      date: "2026-11-30",
      branches: [row(EKIMAE, "駅前店", 1)],
    };
    expect(applyOrganizationDay(today, frame)).toEqual({ stale: true });
  });

  it("says so for a branch the table does not list yet, and changes nothing", () => {
    const added = "33333333-3333-4333-8333-333333333333";
    const frame = { type: "organization.day.updated" as const, date: "2026-11-29", branches: [row(added, "新店", 1)] };
    expect(applyOrganizationDay(today, frame)).toEqual({ stale: true });
    expect(today.branches).toHaveLength(2);
  });
});

describe("dayTotals", () => {
  it("adds up every branch, not a page of them", () => {
    const branches = Array.from({ length: 120 }, (_, index) =>
      row(`00000000-0000-4000-8000-${String(index).padStart(12, "0")}`, `店舗${index}`, 1),
    );
    const totals = dayTotals(branches);
    expect(totals.branches).toBe(120);
    expect(totals.counts).toEqual({
      received: 120,
      waiting: 120,
      completed: 0,
      carried: 0,
      pickupsDue: 0,
      followUpsDue: 0,
      failedNotices: 0,
    });
  });
});
