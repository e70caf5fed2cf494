import { describe, expect, it } from "vitest";
import type { ReceptionStatus } from "../../src/shared/enums.js";
import {
  STATUS_MOVES,
  isStatusMoveAllowed,
  lessAdvanced,
  nextStatus,
  previousStatus,
  statusMovesOf,
  statusRank,
} from "../../src/receptions/status-flow.js";

const FROM: (ReceptionStatus | null)[] = [null, "Reviewing", "Dispensing", "Completed"];
const TO: ReceptionStatus[] = ["Reviewing", "Dispensing", "Completed"];
const open = (status: ReceptionStatus | null) => ({ status, handedOver: false });

describe("the status moves", () => {
  it("are forward any number of steps and back one, never back to 未確認, written out", () => {
    expect(STATUS_MOVES).toEqual({
      none: ["Reviewing", "Dispensing", "Completed"],
      Reviewing: ["Dispensing", "Completed"],
      Dispensing: ["Reviewing", "Completed"],
      Completed: ["Dispensing"],
    });
  });

  it("follow the rule for every pair (positions 0 未確認 … 3 完了)", () => {
    for (const from of FROM) {
      for (const to of TO) {
        const [a, b] = [FROM.indexOf(from), FROM.indexOf(to)];
        const expected = b >= a || b === a - 1;
        expect(isStatusMoveAllowed(open(from), to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it("refuse a jump back of two steps and every move once handed over", () => {
    expect(isStatusMoveAllowed(open("Completed"), "Reviewing")).toBe(false);
    expect(isStatusMoveAllowed(open("Completed"), "Dispensing")).toBe(true);
    const handedOver = { status: "Completed" as const, handedOver: true };
    expect(statusMovesOf(handedOver)).toEqual([]);
    expect(TO.filter((to) => isStatusMoveAllowed(handedOver, to))).toEqual(["Completed"]);
  });

  it("let 未確認 go straight to 完了 (forward any number of steps)", () => {
    expect(isStatusMoveAllowed(open(null), "Completed")).toBe(true);
    expect(isStatusMoveAllowed(open("Reviewing"), "Completed")).toBe(true);
  });
});

describe("the staff's buttons", () => {
  it("move one step forward: 確認中 → 調剤中 → 完了", () => {
    expect(FROM.map((status) => nextStatus(open(status)))).toEqual(["Reviewing", "Dispensing", "Completed", undefined]);
  });

  it("move one step back, never to 未確認 and not after hand-over", () => {
    expect(FROM.map((status) => previousStatus(open(status)))).toEqual([
      undefined,
      undefined,
      "Reviewing",
      "Dispensing",
    ]);
    expect(previousStatus({ status: "Completed", handedOver: true })).toBeUndefined();
  });
});

describe("the flow's order", () => {
  it("ranks 未確認 first and keeps the earlier step when partitions join", () => {
    expect(FROM.map(statusRank)).toEqual([0, 1, 2, 3]);
    expect(lessAdvanced("Completed", "Dispensing")).toBe("Dispensing");
    expect(lessAdvanced("Reviewing", "Completed")).toBe("Reviewing");
    expect(lessAdvanced(null, "Reviewing")).toBeNull();
    expect(lessAdvanced("Dispensing", null)).toBeNull();
  });
});
