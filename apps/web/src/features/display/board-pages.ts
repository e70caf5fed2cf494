import type { BoardNumber, ReadyNumber } from "@pharmacy/contract/display/display";

/** How many numbers fit one screen of each list at 16:9 (the grid in display-page.module.css: 2 × 4 and 2 × 3). */
export const PREPARING_PER_PAGE = 8;
export const READY_PER_PAGE = 6;
/** More numbers than fit turn over in pages this often. */
export const PAGE_TURN_MS = 8_000;

export interface ReadyOrder {
  /** The number called last: first on the screen and highlighted. */
  latest?: ReadyNumber;
  /** The other ready numbers, by number. */
  others: ReadyNumber[];
}

/** An earlier day's numbers (carried, docs/rules.md#across-days) first, then by number. */
const byNumber = (a: BoardNumber, b: BoardNumber) =>
  a.receptionDate.localeCompare(b.receptionDate) ||
  a.receptionNumber - b.receptionNumber ||
  a.partitionNumber - b.partitionNumber;

/** What tells one entry of the board from another: two days may show the same number. */
export const boardKey = (number: BoardNumber) =>
  `${number.receptionDate}/${number.receptionNumber}-${number.partitionNumber}`;

export function readyOrder(ready: readonly ReadyNumber[]): ReadyOrder {
  let latest: ReadyNumber | undefined;
  for (const number of ready)
    if (number.calledAt && (!latest?.calledAt || number.calledAt > latest.calledAt)) latest = number;
  return { latest, others: ready.filter((number) => number !== latest).sort(byNumber) };
}

/** The page `turn` (counting on forever) of the numbers: pages of `perPage`, the last wrapping round to the first. */
export function pageAt<T>(
  numbers: readonly T[],
  perPage: number,
  turn: number,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(numbers.length / perPage));
  const page = turn % pages;
  return { items: numbers.slice(page * perPage, (page + 1) * perPage), page, pages };
}
