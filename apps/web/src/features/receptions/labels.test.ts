import { describe, expect, it } from "vitest";
import { listStatusOf } from "./labels";

describe("listStatusOf", () => {
  it("shows an unconfirmed counter reception as 受付中, whatever its status", () => {
    expect(listStatusOf({ status: null, confirmedAt: null })).toBe("inProgress");
  });
  it("counts a confirmed unopened reception as 未確認", () => {
    expect(listStatusOf({ status: null, confirmedAt: "2026-11-22T00:00:00.000Z" })).toBe("none");
  });
  it("keeps the status of a confirmed reception", () => {
    expect(listStatusOf({ status: "Dispensing", confirmedAt: "2026-11-22T00:00:00.000Z" })).toBe("Dispensing");
  });
  it("tells a handed-over reception (お渡し済み) from a ready one (完了), called or not", () => {
    const confirmedAt = "2026-11-22T00:00:00.000Z";
    expect(listStatusOf({ status: "Completed", confirmedAt })).toBe("Completed");
    expect(listStatusOf({ status: "Completed", confirmedAt, handedOverAt: "2026-11-22T01:00:00.000Z" })).toBe(
      "handedOver",
    );
  });
});
