import type { Reception } from "@pharmacy/contract/receptions/receptions";

/**
 * A household (docs/rules.md#family): the receptions one phone sent together, each its own number,
 * sharing `householdId`. They belong to one day, so the day's list holds them all.
 */

/** The other receptions of `reception`'s household in `dayReceptions`, by number; none for one sent alone. */
export function householdOthers(reception: Reception, dayReceptions: readonly Reception[]): Reception[] {
  if (!reception.householdId) return [];
  return dayReceptions
    .filter((other) => other.householdId === reception.householdId && other.id !== reception.id)
    .sort((a, b) => a.receptionNumber - b.receptionNumber || a.partitionNumber - b.partitionNumber);
}

/** The tag of a reception sent with others: 「同じ家族 2件」, the others counted. */
export function householdLabel(others: number): string {
  return `同じ家族 ${others}件`;
}

/** The others that 「まとめて呼び出す」 calls with it: ready (完了) and not yet handed over. */
export function callableWith(others: readonly Reception[]): Reception[] {
  return others.filter((other) => other.status === "Completed" && !other.handedOverAt);
}
