import type { DisplayBoard, ReadyNumber } from "@pharmacy/contract/display";
import { boardKey } from "./board-pages";

/** After an outage, at most this many calls made meanwhile are said (the newest); the rest are on the screen. */
export const MAX_CALLS_AT_ONCE = 3;

/** One call of one number: a number called again is a new call. */
export const callKey = (number: ReadyNumber) => `${boardKey(number)}@${number.calledAt}`;

/** The calls on the board, as keys: what the next board is compared with. */
export function callsOn(board: DisplayBoard): Set<string> {
  return new Set(board.ready.filter((number) => number.calledAt).map(callKey));
}

/**
 * The calls on `board` that were not on the board before (`before`, undefined for the first board
 * this screen shows, whose calls were made before it opened): oldest first, so that two calls are
 * said in the order they were made. A call frame brings one; the board fetched after an outage
 * brings those made meanwhile.
 */
export function newCalls(before: ReadonlySet<string> | undefined, board: DisplayBoard): ReadyNumber[] {
  if (!before) return [];
  return board.ready
    .filter((number) => number.calledAt && !before.has(callKey(number)))
    .sort((a, b) => (a.calledAt! < b.calledAt! ? -1 : 1))
    .slice(-MAX_CALLS_AT_ONCE);
}
