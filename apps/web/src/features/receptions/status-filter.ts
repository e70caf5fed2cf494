import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { listStatusOf, type ShownStatus } from "./labels";
import { matchesReceptionSearch } from "./reception-search";

/** The main list's status filter: every reception, or one shown status. */
export type StatusFilter = "all" | ShownStatus;
export const STATUS_FILTERS: StatusFilter[] = ["all", "none", "Reviewing", "Dispensing", "Completed", "handedOver"];

/** How many receptions each filter shows; 受付中 (not confirmed yet) is in the list but in no status count. */
export function countsByFilter(receptions: readonly Reception[]): Record<StatusFilter, number> {
  const result: Record<StatusFilter, number> = {
    all: receptions.length,
    none: 0,
    Reviewing: 0,
    Dispensing: 0,
    Completed: 0,
    handedOver: 0,
  };
  for (const reception of receptions) {
    const key = listStatusOf(reception);
    if (key !== "inProgress") result[key] += 1;
  }
  return result;
}

/** Whether the list shows `reception` under `filter` and the search `query`. */
export function isShownIn(reception: Reception, filter: StatusFilter, query: string): boolean {
  return (filter === "all" || listStatusOf(reception) === filter) && matchesReceptionSearch(reception, query);
}
