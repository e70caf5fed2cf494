import type { OrganizationDayFrame } from "@pharmacy/contract/live/realtime";
import type { BranchDay, OrganizationToday } from "@pharmacy/contract/organization/organization";

/** The counts of a branch's day, as the 本部 table's columns show them. */
export type DayCountKey = Exclude<keyof BranchDay, "id" | "name">;
const COUNT_KEYS: DayCountKey[] = [
  "received",
  "waiting",
  "completed",
  "carried",
  "pickupsDue",
  "followUpsDue",
  "failedNotices",
];

/** The organisation's totals of the day, over every branch (the table shows a page of them at most). */
export function dayTotals(branches: readonly BranchDay[]): { branches: number; counts: Record<DayCountKey, number> } {
  const counts = Object.fromEntries(COUNT_KEYS.map((key) => [key, 0])) as Record<DayCountKey, number>;
  for (const branch of branches) for (const key of COUNT_KEYS) counts[key] += branch[key];
  return { branches: branches.length, counts };
}

/**
 * The 本部 table after a live frame: each row it brings replaces its branch's, in place (the table keeps
 * its order). A frame of another day (midnight passed), or naming a branch the table does not list (one
 * added since it was read), cannot be applied: `stale`, the day is read again.
 */
export function applyOrganizationDay(
  today: OrganizationToday,
  frame: OrganizationDayFrame,
): { stale: true } | { stale: false; today: OrganizationToday } {
  if (frame.date !== today.date) return { stale: true };
  const known = new Set(today.branches.map((branch) => branch.id));
  if (frame.branches.some((branch) => !known.has(branch.id))) return { stale: true };
  const rows = new Map(frame.branches.map((branch) => [branch.id, branch]));
  return { stale: false, today: { ...today, branches: today.branches.map((branch) => rows.get(branch.id) ?? branch) } };
}
