import { useImperativeHandle, useRef, useState, type Ref } from "react";
import styles from "./ticket-frame.module.css";

export interface TicketFrameHandle {
  /** Prints the ticket alone on 80 mm paper, the page as long as the ticket. */
  print: () => void;
}

interface TicketFrameProps {
  html: string;
  ref?: Ref<TicketFrameHandle>;
}

const CSS_PX_PER_MM = 96 / 25.4;

/** The server's `@page` is 80 mm by a fixed length; a receipt roll should stop where the ticket ends. */
function fitPageToContent(document: Document) {
  const heightMm = Math.ceil(document.documentElement.scrollHeight / CSS_PX_PER_MM) + 4;
  let style = document.getElementById("fit-page");
  if (!style) {
    style = document.createElement("style");
    style.id = "fit-page";
    document.head.append(style);
  }
  style.textContent = `@page { size: 80mm ${heightMm}mm; margin: 0; }`;
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
      fitPageToContent(view.document);
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
      className={styles.frame}
      style={{ height }}
      onLoad={() => {
        const document = frame.current?.contentDocument;
        if (document?.documentElement) setHeight(Math.max(200, document.documentElement.scrollHeight));
      }}
    />
  );
}
