/**
 * Replays generated pharmacy days through the wait estimate of the contract and prints its error
 * against what really happened, next to a naive reference (a fixed 15 minutes for everyone).
 *
 * A day: open 9:00–13:00 and 14:00–18:00; arrivals peak after the clinics' morning and evening
 * consultations (10:30–12:30, 16:30–18:00); each prescription takes 5–30 minutes (most 8–15); two or
 * three pharmacists take the queue in order. At each arrival (its confirmation) the estimate is made
 * from what the pharmacy knew then; the error is |estimated − actual ready time|.
 *
 * npm run bench:wait-estimate [-- days]
 */
import { estimatedReadyAt, waitPaceOf, type Completion } from "@pharmacy/contract/receptions/wait-estimate";
import { percentile } from "./lib/percentile.js";

const DAYS = Number(process.argv[2] ?? 60);
const NAIVE_MINUTES = 15;
const MINUTE = 60_000;

/** Deterministic days: the same figures on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Arrivals per minute at a minute of the day (minutes since 0:00). */
function arrivalRate(minute: number): number {
  const h = minute / 60;
  if (h < 9 || (h >= 13 && h < 14) || h >= 18) return 0;
  if (h >= 10.5 && h < 12.5) return 0.2;
  if (h >= 16.5 && h < 18) return 0.18;
  return 0.06;
}

/** 5–30 minutes, most of them 8–15 (a sum of uniforms leans to the middle-low). */
function dispensingMinutes(next: () => number): number {
  const skew = (next() + next() + next()) / 3;
  return Math.min(30, 5 + 40 * skew * skew);
}

interface Outcome {
  modelErrors: number[];
  naiveErrors: number[];
  arrivals: number;
}

function replayDay(seed: number, outcome: Outcome): void {
  const next = random(seed);
  const pharmacists = next() < 0.5 ? 2 : 3;
  const dayStart = Date.UTC(2026, 5, 3, 0, 0) - 9 * 60 * MINUTE; // midnight in Tokyo
  const arrivals: number[] = [];
  for (let minute = 9 * 60; minute < 18 * 60; minute++) {
    // a Poisson minute: at most a few arrivals
    let left = arrivalRate(minute);
    while (next() < left) {
      arrivals.push(dayStart + (minute + next()) * MINUTE);
      left -= 1;
    }
  }
  // FIFO on the first free pharmacist
  const free = Array<number>(pharmacists).fill(0);
  const completedAt = arrivals.map((arrival) => {
    const index = free.indexOf(Math.min(...free));
    const start = Math.max(arrival, free[index]!);
    free[index] = start + dispensingMinutes(next) * MINUTE;
    return free[index]!;
  });
  const completions: Completion[] = arrivals.map((arrival, i) => ({
    confirmedAt: new Date(arrival),
    completedAt: new Date(completedAt[i]!),
  }));
  arrivals.forEach((arrival, i) => {
    outcome.arrivals++;
    const now = new Date(arrival);
    const known = completions.filter((c) => c.completedAt <= now);
    const ahead = arrivals.slice(0, i).filter((_, j) => completedAt[j]! > arrival).length;
    const pace = waitPaceOf(known, now);
    const actual = completedAt[i]!;
    outcome.naiveErrors.push(Math.abs(arrival + NAIVE_MINUTES * MINUTE - actual) / MINUTE);
    if (pace) outcome.modelErrors.push(Math.abs(estimatedReadyAt(pace, ahead, now).getTime() - actual) / MINUTE);
  });
}

const outcome: Outcome = { modelErrors: [], naiveErrors: [], arrivals: 0 };
for (let day = 1; day <= DAYS; day++) replayDay(day, outcome);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const model = sorted(outcome.modelErrors);
const naive = sorted(outcome.naiveErrors);
const fmt = (value: number) => `${value.toFixed(1)} min`;
console.log(
  `wait estimate: ${DAYS} generated days, ${outcome.arrivals} receptions, estimate shown for ${model.length} (${((100 * model.length) / outcome.arrivals).toFixed(0)} %)`,
);
console.log(
  `  model ((ahead + 1) × median gap, ≥ 5 min):        median |error| ${fmt(percentile(model, 50))}, p90 ${fmt(percentile(model, 90))}`,
);
console.log(
  `  reference (fixed ${NAIVE_MINUTES} min for everyone):            median |error| ${fmt(percentile(naive, 50))}, p90 ${fmt(percentile(naive, 90))}`,
);
console.log(
  `  budget: the model's p90 below the reference's: ${percentile(model, 90) < percentile(naive, 90) ? "met" : "MISSED"}`,
);
