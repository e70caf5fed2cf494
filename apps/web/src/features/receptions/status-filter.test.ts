import { describe, expect, it } from "vitest";
import { makeReception } from "../../test-utils/receptions";
import { countsByFilter, isShownIn } from "./status-filter";

const unconfirmed = makeReception({ confirmedAt: null });
const waiting = makeReception({ status: null });
const reviewing = makeReception({ status: "Reviewing", patientName: "ヤマダ タロウ" });
const handedOver = makeReception({ status: "Completed", handedOverAt: "2026-05-01T03:00:00.000Z" });

describe("the list's status filter", () => {
  it("counts each shown status, and a reception still being entered only under すべて", () => {
    expect(countsByFilter([unconfirmed, waiting, reviewing, handedOver])).toEqual({
      all: 4,
      none: 1,
      Reviewing: 1,
      Dispensing: 0,
      Completed: 0,
      handedOver: 1,
    });
  });

  it("shows a reception under すべて and its own status, when it matches the search", () => {
    expect(isShownIn(reviewing, "all", "")).toBe(true);
    expect(isShownIn(reviewing, "Reviewing", "やまだ")).toBe(true);
    expect(isShownIn(reviewing, "Dispensing", "")).toBe(false);
    expect(isShownIn(reviewing, "all", "サトウ")).toBe(false);
    expect(isShownIn(handedOver, "Completed", "")).toBe(false);
  });
});
