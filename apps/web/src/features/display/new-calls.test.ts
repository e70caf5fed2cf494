import type { DisplayBoard, ReadyNumber } from "@pharmacy/contract/display";
import { describe, expect, it } from "vitest";
import { MAX_CALLS_AT_ONCE, callsOn, newCalls } from "./new-calls";

const at = (minute: number) => `2026-11-23T01:${String(minute).padStart(2, "0")}:00.000Z`;
const n = (receptionNumber: number, calledAt?: string, partitionNumber = 0, receptionDate = "2026-11-23"): ReadyNumber => ({ receptionNumber, partitionNumber, receptionDate, ...(calledAt && { calledAt }) });
const board = (...ready: ReadyNumber[]): DisplayBoard => ({ pharmacyName: "テスト薬局", preparing: [], ready });

describe("the calls to say", () => {
  it("says nothing of the board the screen opens on: those calls were made before", () => {
    expect(newCalls(undefined, board(n(12, at(1))))).toEqual([]);
  });

  it("says a number called since the last board, and not a number that is only ready", () => {
    const before = callsOn(board(n(12, at(1)), n(13)));
    expect(newCalls(before, board(n(12, at(1)), n(13), n(14, at(2)), n(15)))).toEqual([n(14, at(2))]);
  });

  it("says a number called again, and a split reception's partition as its own call", () => {
    const before = callsOn(board(n(12, at(1)), n(20, at(1), 1)));
    expect(newCalls(before, board(n(12, at(3)), n(20, at(1), 1), n(20, at(4), 2)))).toEqual([n(12, at(3)), n(20, at(4), 2)]);
  });

  it("says nothing again when the same board comes back (a refetch, the minute's poll) or a number is handed over", () => {
    const shown = board(n(12, at(1)), n(14, at(2)));
    expect(newCalls(callsOn(shown), shown)).toEqual([]);
    expect(newCalls(callsOn(shown), board(n(14, at(2))))).toEqual([]);
  });

  it("says the calls made during an outage oldest first, at most the newest few", () => {
    const before = callsOn(board());
    const missed = [5, 3, 1, 4, 2].map((minute) => n(10 + minute, at(minute)));
    const said = newCalls(before, board(...missed));
    expect(said).toHaveLength(MAX_CALLS_AT_ONCE);
    expect(said.map((number) => number.receptionNumber)).toEqual([13, 14, 15]);
  });

  it("tells the same number of two days apart: a carried 8 called after today's 8 is a call of its own", () => {
    const todays = n(8, at(1));
    const before = callsOn(board(todays));
    const carried = { ...n(8, at(2), 0, "2026-11-22"), withDay: true };
    expect(newCalls(before, board(todays, carried))).toEqual([carried]);
  });
});
