import { describe, expect, it } from "vitest";
import { idlePhaseOf, KIOSK_GRACE_MS, KIOSK_IDLE_MS } from "./idle-phase";

describe("idlePhaseOf", () => {
  it("stays active until 90 seconds without a touch", () => {
    expect(idlePhaseOf(0, KIOSK_IDLE_MS - 1)).toEqual({ kind: "active" });
  });
  it("asks at 90 seconds, counting down the 30 seconds left", () => {
    expect(idlePhaseOf(0, KIOSK_IDLE_MS)).toEqual({ kind: "asking", secondsLeft: 30 });
    expect(idlePhaseOf(0, KIOSK_IDLE_MS + 29_001)).toEqual({ kind: "asking", secondsLeft: 1 });
  });
  it("expires 30 seconds after asking", () => {
    expect(idlePhaseOf(0, KIOSK_IDLE_MS + KIOSK_GRACE_MS)).toEqual({ kind: "expired" });
  });
  it("counts from the last touch, not from the start", () => {
    expect(idlePhaseOf(60_000, 60_000 + KIOSK_IDLE_MS - 1)).toEqual({ kind: "active" });
  });
});
