import type { WebReceptionCreated } from "@pharmacy/contract/public/public";
import { useEffect } from "react";
import { getSentReception } from "../public-api";

/**
 * Reloaded after 「この内容で受付する」 whose answer never came (the page was closed, the network
 * dropped): if that send arrived, its reception is shown as if the answer had; else the form stays,
 * and sending again uses the same key.
 */
export function useResumeSentReception(
  resumedAfterSend: boolean,
  publicSlug: string,
  sendKey: string,
  onArrived: (created: WebReceptionCreated) => void,
) {
  useEffect(() => {
    if (!resumedAfterSend) return;
    getSentReception(publicSlug, sendKey)
      .then(onArrived)
      .catch(() => undefined);
    // Once, on the reloaded page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
