import { useCallback, useEffect, useRef, useState } from "react";
import { idlePhaseOf, type IdlePhase } from "./idle-phase";

const ACTIVITY_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel"] as const;
const ACTIVE: IdlePhase = { kind: "active" };

/**
 * Watches the kiosk flow of `receptionId` for a patient who walked away: after 90 s without a touch
 * the phase is 「asking」 (続けますか？), and 30 s later `onExpired` is called. Each reception starts
 * its count afresh; `stillHere` is the answer 「続ける」.
 */
export function useKioskIdle(receptionId: string | null, onExpired: (receptionId: string) => void) {
  const lastActivity = useRef(0);
  // Kept with the reception it belongs to, so a new reception never inherits the last one's question.
  const [state, setState] = useState<{ receptionId: string | null; phase: IdlePhase }>({
    receptionId: null,
    phase: ACTIVE,
  });
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });

  useEffect(() => {
    if (!receptionId) return;
    lastActivity.current = Date.now();
    const touched = () => {
      // Once the question is on screen only its button answers it; a stray touch does not.
      if (idlePhaseOf(lastActivity.current, Date.now()).kind === "active") lastActivity.current = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, touched, { capture: true, passive: true });
    const timer = setInterval(() => {
      const phase = idlePhaseOf(lastActivity.current, Date.now());
      if (phase.kind === "expired") {
        clearInterval(timer);
        expired.current(receptionId);
        return;
      }
      setState((previous) =>
        previous.receptionId === receptionId && JSON.stringify(previous.phase) === JSON.stringify(phase)
          ? previous
          : { receptionId, phase },
      );
    }, 1000);
    return () => {
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, touched, { capture: true });
    };
  }, [receptionId]);

  const stillHere = useCallback(() => {
    lastActivity.current = Date.now();
    setState({ receptionId, phase: ACTIVE });
  }, [receptionId]);

  return { phase: state.receptionId === receptionId && receptionId ? state.phase : ACTIVE, stillHere };
}
