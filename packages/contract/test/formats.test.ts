import { describe, expect, it } from "vitest";
import { businessClockOf, businessDateOf, formatBusinessDateTime, formatReceptionNumber } from "../src/formats.js";

describe("business time", () => {
  it("counts the day and the time in Tokyo: 15:00 UTC is the next day's midnight", () => {
    expect(businessClockOf(new Date("2026-03-01T14:59:00Z"))).toEqual({ date: "2026-03-01", time: "23:59" });
    expect(businessClockOf(new Date("2026-03-01T15:00:00Z"))).toEqual({ date: "2026-03-02", time: "00:00" });
    expect(businessDateOf(new Date("2026-03-01T15:00:00Z"))).toBe("2026-03-02");
  });

  it("writes a date-time in the brief's format", () => {
    expect(formatBusinessDateTime(new Date("2026-05-01T00:30:00Z"))).toBe("2026年05月01日 09:30");
  });

  it("writes a partition as 12-1 and a lone number as 12", () => {
    expect(formatReceptionNumber(12, 0)).toBe("12");
    expect(formatReceptionNumber(12, 1)).toBe("12-1");
  });
});
