import { useLayoutEffect, useRef } from "react";

/**
 * Put as the first child of a drawer's or dialog's body: whenever `on` changes (another reception in the
 * same open drawer), the body scrolls back to its top, so the new content starts with its heading.
 */
export function ScrollTopOn({ on }: { on: string | undefined }) {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const body = marker.current?.parentElement;
    if (body) body.scrollTop = 0;
  }, [on]);
  return <span ref={marker} hidden />;
}
