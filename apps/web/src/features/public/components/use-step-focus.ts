import { useEffect, useRef, type RefObject } from "react";

/** Brings the first field with a message into view and gives it the focus (a radio group: its first answer). */
function focusFirstError(container: HTMLElement | null) {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.getAttribute("role") === "radiogroup" ? invalid.querySelector<HTMLElement>("button") : invalid;
  target?.scrollIntoView({ block: "center" });
  target?.focus({ preventScroll: true });
}

/**
 * Where the web form puts the patient's eyes: a step the patient moved to starts at its top with its
 * title read out; a step with messages shows its first one, after the messages are drawn.
 */
export function useStepFocus(index: number, moved: RefObject<boolean>) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!moved.current) return;
    formRef.current?.scrollIntoView({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [index, moved]);

  return {
    formRef,
    headingRef,
    focusFirstError: () => requestAnimationFrame(() => focusFirstError(formRef.current)),
  };
}
