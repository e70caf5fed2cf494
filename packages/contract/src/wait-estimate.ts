/**
 * The wait estimate, as a pharmacist would work it out at the counter: "one prescription takes about
 * S minutes here, and lately we finish one every G minutes; with k people ahead of you, yours is
 * ready in about the larger of S and (k + 1) × G". S and G come from the branch's own recent
 * completions; without enough of them nothing is shown, rather than a guess.
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
  const serviceMinutes = median(recent.map((c) => Math.max(0, c.completedAt.getTime() - c.confirmedAt.getTime()) / MINUTE));
  const gaps = recent.slice(1).map((c, index) => (c.completedAt.getTime() - recent[index]!.completedAt.getTime()) / MINUTE);
  return { serviceMinutes, intervalMinutes: Math.min(median(gaps), serviceMinutes) };
}

/**
 * When a reception confirmed at `confirmedAt`, with `ahead` unfinished receptions before it, should be
 * ready: not before one prescription's time after its confirmation, and not before those ahead and it
 * are done at the branch's pace.
 */
export function estimatedReadyAt(pace: WaitPace, reception: { ahead: number; confirmedAt: Date }, now: Date): Date {
  return new Date(
    Math.max(reception.confirmedAt.getTime() + pace.serviceMinutes * MINUTE, now.getTime() + (reception.ahead + 1) * pace.intervalMinutes * MINUTE),
  );
}

/** Minutes a patient arriving now waits, with `ahead` unfinished receptions before them. */
export function waitMinutesForNewcomer(pace: WaitPace, ahead: number): number {
  return Math.max(pace.serviceMinutes, (ahead + 1) * pace.intervalMinutes);
}

/** What a person reads: whole 5 minutes, at least 5 (「約15分」). */
export function roundedWaitMinutes(minutes: number): number {
  return Math.max(5, Math.round(minutes / 5) * 5);
}
