import { describe, expect, it } from "vitest";
import { listedTime } from "./format";

describe("the time a reception came, on a day's list", () => {
  it("is the time alone for that day's own, with the day for another day's", () => {
    // 22:32 in Tokyo on the 26th
    expect(listedTime("2026-11-26T13:32:00.000Z", "2026-11-26")).toBe("22:32");
    expect(listedTime("2026-11-26T13:32:00.000Z", "2026-11-27")).toBe("11/26 22:32");
  });

  it("reads the day in Tokyo: 00:00–09:00 is the UTC day before, yet that day's own", () => {
    // 08:30 on the 27th in Tokyo is 23:30 on the 26th in UTC
    expect(listedTime("2026-11-26T23:30:00.000Z", "2026-11-27")).toBe("08:30");
    expect(listedTime("2026-11-26T23:30:00.000Z", "2026-11-26")).toBe("11/27 08:30");
  });

  it("turns the day at midnight in Tokyo", () => {
    expect(listedTime("2026-11-26T14:59:00.000Z", "2026-11-27")).toBe("11/26 23:59");
    expect(listedTime("2026-11-26T15:00:00.000Z", "2026-11-27")).toBe("00:00");
  });
});
