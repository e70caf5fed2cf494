import { describe, expect, it } from "vitest";
import { nextStatus, previousStatus } from "./status-flow";

describe("status steps", () => {
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
});
