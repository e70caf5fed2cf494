import { useImperativeHandle, useRef, useState, type Ref } from "react";
import styles from "./counter-flow.module.css";

export interface TicketFrameHandle {
  /** Prints the ticket alone: its own @page rules size it for the 80 mm receipt printer. */
  print: () => void;
}

interface TicketFrameProps {
  html: string;
  ref?: Ref<TicketFrameHandle>;
}

/**
 * The server's ticket HTML in a sandboxed frame: no scripts run in it; same-origin only so that this
 * page can size it to its content and call its print(); allow-modals lets print() open the dialog.
 */
export function TicketFrame({ html, ref }: TicketFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(420);

  useImperativeHandle(ref, () => ({
    print() {
      const view = frame.current?.contentWindow;
      if (!view) return;
      view.focus();
      view.print();
    },
  }));

  return (
    <iframe
      ref={frame}
      title="受付票"
      srcDoc={html}
      sandbox="allow-same-origin allow-modals"
      className={styles.ticketFrame}
      style={{ height }}
      onLoad={() => {
        const document = frame.current?.contentDocument;
        if (document?.documentElement) setHeight(Math.max(200, document.documentElement.scrollHeight));
      }}
    />
  );
}
