import { useImperativeHandle, useRef, useState, type Ref } from "react";
import styles from "./ticket-frame.module.css";

export interface TicketFrameHandle {
  /** Prints the ticket alone on 80 mm paper, the page as long as the ticket. */
  print: () => void;
}

/** Lines in the patient's language, printed under the server's Japanese ticket (the kiosk in another language). */
export interface PatientTicketLines {
  /** A BCP 47 tag: the printer's and a screen reader's fonts and voice follow it. */
  lang: string;
  lines: readonly string[];
}

interface TicketFrameProps {
  html: string;
  patientLines?: PatientTicketLines | undefined;
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
 * Adds the patient's lines at the end of the ticket, as plain text. The ticket itself stays Japanese,
 * the language of the staff who take it back; a patient who chose another language reads their number
 * and what to do next in it on the same paper.
 */
function addPatientLines(document: Document, { lang, lines }: PatientTicketLines) {
  if (lines.length === 0 || document.getElementById("patient-lines")) return;
  const block = document.createElement("div");
  block.id = "patient-lines";
  block.lang = lang;
  block.style.cssText =
    "margin-top:3mm;border-top:1px dashed #000;padding-top:3mm;font-size:13px;text-align:left;overflow-wrap:anywhere";
  for (const line of lines) {
    const paragraph = document.createElement("p");
    paragraph.style.margin = "0 0 1.5mm";
    paragraph.textContent = line;
    block.append(paragraph);
  }
  (document.querySelector(".ticket") ?? document.body).append(block);
}

/**
 * The server's ticket HTML in a sandboxed frame: no scripts run in it; same-origin only so that this
 * page can size it to its content and call its print(); allow-modals lets print() open the dialog.
 */
export function TicketFrame({ html, patientLines, ref }: TicketFrameProps) {
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
        if (!document?.documentElement) return;
        if (patientLines) addPatientLines(document, patientLines);
        setHeight(Math.max(200, document.documentElement.scrollHeight));
      }}
    />
  );
}
