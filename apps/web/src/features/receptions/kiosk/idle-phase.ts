/** A kiosk flow left alone this long asks 「続けますか？」 (docs/rules.md#people-roles-and-devices). */
export const KIOSK_IDLE_MS = 90_000;
/** …and after this much more without an answer, cancels the reception and goes back to the welcome screen. */
export const KIOSK_GRACE_MS = 30_000;

export type IdlePhase = { kind: "active" } | { kind: "asking"; secondsLeft: number } | { kind: "expired" };

/** Where an idle kiosk flow stands, from the time of the patient's last touch. */
export function idlePhaseOf(
  lastActivityAt: number,
  now: number,
  idleMs = KIOSK_IDLE_MS,
  graceMs = KIOSK_GRACE_MS,
): IdlePhase {
  const idle = now - lastActivityAt;
  if (idle < idleMs) return { kind: "active" };
  if (idle >= idleMs + graceMs) return { kind: "expired" };
  return { kind: "asking", secondsLeft: Math.ceil((idleMs + graceMs - idle) / 1000) };
}
