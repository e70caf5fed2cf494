/**
 * The wait estimate, as a pharmacist would work it out at the counter: "lately we finish one
 * prescription every G minutes; with k people ahead of you, yours is ready in about (k + 1) × G".
 * G comes from the branch's own recent completions (a gap longer than one prescription's median time
 * is an idle pharmacy, not its pace); without enough of them nothing is shown, rather than a guess.
 * `bench/wait-estimate.ts` measures it on generated days; adding a floor of one prescription's median
 * time after confirmation made it worse there (that median already holds queueing).
 */

/** One finished reception: when the patient's request was confirmed, and when it was Completed. */
export interface Completion {
  confirmedAt: Date;
  completedAt: Date;
}

export interface WaitPace {
  /** Median minutes from confirmation to Completed. */
  serviceMinutes: number;
  /** Median minutes between two consecutive completions, never more than `serviceMinutes` (a longer gap is an idle pharmacy, not its pace). */
  intervalMinutes: number;
}

/** Completions older than this say nothing about the pace now (a morning rush is over by the evening). */
export const WAIT_LOOKBACK_MINUTES = 180;
/** The most recent completions looked at. */
export const WAIT_SAMPLE_SIZE = 20;
/** Fewer recent completions than this: no estimate. */
export const WAIT_MIN_SAMPLES = 5;

const MINUTE = 60_000;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The branch's recent pace, or undefined without enough recent data. */
export function waitPaceOf(completions: readonly Completion[], now: Date): WaitPace | undefined {
  const since = now.getTime() - WAIT_LOOKBACK_MINUTES * MINUTE;
  const recent = completions
    .filter((c) => c.completedAt.getTime() >= since && c.completedAt.getTime() <= now.getTime())
    .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime())
    .slice(-WAIT_SAMPLE_SIZE);
  if (recent.length < WAIT_MIN_SAMPLES) return undefined;
  const serviceMinutes = median(
    recent.map((c) => Math.max(0, c.completedAt.getTime() - c.confirmedAt.getTime()) / MINUTE),
  );
  const gaps = recent
    .slice(1)
    .map((c, index) => (c.completedAt.getTime() - recent[index]!.completedAt.getTime()) / MINUTE);
  return { serviceMinutes, intervalMinutes: Math.min(median(gaps), serviceMinutes) };
}

/** The shortest wait ever announced: even with nobody ahead a prescription takes a few minutes. */
const MIN_WAIT_MINUTES = 5;

/** Minutes until a reception with `ahead` unfinished receptions before it is ready: those and itself at the branch's pace. */
export function estimatedWaitMinutes(pace: WaitPace, ahead: number): number {
  return Math.max(MIN_WAIT_MINUTES, (ahead + 1) * pace.intervalMinutes);
}

export function estimatedReadyAt(pace: WaitPace, ahead: number, now: Date): Date {
  return new Date(now.getTime() + estimatedWaitMinutes(pace, ahead) * MINUTE);
}

/** What a person reads: whole 5 minutes, at least 5 (「約15分」). */
export function roundedWaitMinutes(minutes: number): number {
  return Math.max(5, Math.round(minutes / 5) * 5);
}
