import { useLayoutEffect, useRef } from "react";

/**
 * Each step of the web form is an entry of the browser's history: Back goes to the
 * step before, Forward and a reload come back. `moved` says a step was changed by the visitor (not
 * the first render), so the new step can be brought into view.
 */
export function useStepHistory(
  stepIndex: number,
  setStepIndex: (index: number) => void,
  onStepChange: (index: number) => void,
) {
  const moved = useRef(false);

  useLayoutEffect(() => {
    history.replaceState({ ...(history.state as object | null), webStep: stepIndex }, "");
    if (stepIndex > 0) onStepChange(stepIndex);
    function onPopState(event: PopStateEvent) {
      const step = (event.state as { webStep?: unknown } | null)?.webStep;
      if (typeof step !== "number") return;
      moved.current = true;
      setStepIndex(step);
      onStepChange(step);
    }
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
    // Once: the listener reads only what the event carries.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function goTo(target: number) {
    moved.current = true;
    history.pushState({ ...(history.state as object | null), webStep: target }, "");
    setStepIndex(target);
    // In the same render as the step: the page's notice and hours never show for a frame on step 2.
    onStepChange(target);
  }

  /** 「戻る」 is the browser's Back when the step before is the entry before, so both stay in step. */
  function goBack(index: number) {
    if ((history.state as { webStep?: unknown } | null)?.webStep === index && index > 0) history.back();
    else goTo(index - 1);
  }

  return { moved, goTo, goBack };
}
