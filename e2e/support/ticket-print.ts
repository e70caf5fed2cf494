declare global {
  interface Window {
    /** How many times the ticket was printed (see `stubTicketPrint`). */
    __ticketPrints?: number;
  }
}

/**
 * An init script counting the ticket's print() calls instead of opening a print dialog (headless
 * Chromium cannot close one): the app prints the ticket through the preview frame's window, which
 * this getter hands out with print() replaced.
 */
export function stubTicketPrint(): void {
  window.__ticketPrints = 0;
  const original = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, "contentWindow")!;
  Object.defineProperty(HTMLIFrameElement.prototype, "contentWindow", {
    configurable: true,
    get(this: HTMLIFrameElement) {
      const view = original.get!.call(this) as Window | null;
      if (view) view.print = () => void (window.__ticketPrints = (window.__ticketPrints ?? 0) + 1);
      return view;
    },
  });
}
