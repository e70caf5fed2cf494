import { describe, expect, it } from "vitest";
import { lessAdvanced, nextStatus, previousStatus, statusRank } from "../src/status-flow.js";

describe("the status flow", () => {
  it("moves 確認中 → 調剤中 → 完了", () => {
    expect(nextStatus(null)).toBe("Reviewing");
    expect(nextStatus("Reviewing")).toBe("Dispensing");
    expect(nextStatus("Dispensing")).toBe("Completed");
    expect(nextStatus("Completed")).toBeUndefined();
  });

  it("goes back one step, never to 未確認", () => {
    expect(previousStatus("Completed")).toBe("Dispensing");
    expect(previousStatus("Dispensing")).toBe("Reviewing");
    expect(previousStatus("Reviewing")).toBeUndefined();
    expect(previousStatus(null)).toBeUndefined();
  });

  it("ranks 未確認 < 確認中 < 調剤中 < 完了 and keeps the earlier of two", () => {
    expect([null, "Reviewing", "Dispensing", "Completed"].map((status) => statusRank(status as never))).toEqual([
      0, 1, 2, 3,
    ]);
    expect(lessAdvanced("Completed", "Dispensing")).toBe("Dispensing");
    expect(lessAdvanced("Reviewing", "Completed")).toBe("Reviewing");
    expect(lessAdvanced(null, "Reviewing")).toBeNull();
    expect(lessAdvanced("Dispensing", null)).toBeNull();
  });
});
