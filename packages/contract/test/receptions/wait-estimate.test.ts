import { describe, expect, it } from "vitest";
import {
  estimatedReadyAt,
  estimatedWaitMinutes,
  roundedWaitMinutes,
  waitPaceOf,
  type Completion,
} from "../../src/receptions/wait-estimate.js";

const T0 = new Date("2026-06-03T01:00:00Z").getTime();
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const done = (confirmed: number, completed: number): Completion => ({
  confirmedAt: at(confirmed),
  completedAt: at(completed),
});

describe("the wait estimate", () => {
  it("shows nothing with fewer than five recent completions", () => {
    expect(waitPaceOf([done(0, 10), done(0, 14), done(0, 18), done(0, 22)], at(30))).toBeUndefined();
  });

  it("takes the median time of one prescription and the median gap between completions", () => {
    const pace = waitPaceOf([done(0, 10), done(0, 14), done(0, 18), done(0, 22), done(0, 26)], at(30));
    expect(pace).toEqual({ serviceMinutes: 18, intervalMinutes: 4 });
  });

  it("forgets completions older than three hours, and those not yet happened", () => {
    const old = [0, 1, 2, 3, 4].map((i) => done(i, 10 + i));
    expect(waitPaceOf(old, at(10 + 4 + 181))).toBeUndefined();
    expect(waitPaceOf(old, at(13))).toBeUndefined();
  });

  it("never takes an idle pharmacy's long gaps for its pace", () => {
    const quiet = [0, 30, 60, 90, 120].map((start) => done(start, start + 8));
    expect(waitPaceOf(quiet, at(130))).toEqual({ serviceMinutes: 8, intervalMinutes: 8 });
  });

  it("is ready when those ahead and it are done at the branch's pace, never sooner than five minutes", () => {
    const pace = { serviceMinutes: 18, intervalMinutes: 4 };
    expect(estimatedReadyAt(pace, 2, at(30))).toEqual(at(42));
    expect(estimatedReadyAt(pace, 9, at(30))).toEqual(at(70));
    expect(estimatedWaitMinutes(pace, 0)).toBe(5);
    expect(estimatedWaitMinutes({ serviceMinutes: 18, intervalMinutes: 1 }, 3)).toBe(5);
  });

  it("is read in whole five minutes, at least five", () => {
    expect([0.4, 3, 7.4, 7.5, 18, 61].map(roundedWaitMinutes)).toEqual([5, 5, 5, 10, 20, 60]);
  });
});
