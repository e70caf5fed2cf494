import { PHOTO_REQUEST_REASON_LABELS } from "@pharmacy/contract/receptions/photo-requests";
import { NO_PHOTOS_MESSAGE, type PublicReceptionStatus } from "@pharmacy/contract/public/public";
import { useEffect, useRef, useState } from "react";
import { apiErrorMessage, apiErrorStatus } from "../../../lib/api/api-error";
import { codesReadBefore } from "../../../lib/files/photo-codes/photo-codes";
import { TOO_MANY_REQUESTS_TEXT } from "../labels";
import { sendRequestedPhotos } from "../public-api";
import { appendPhotoCodes, appendPhotoConsent } from "../web-reception";
import { PhotoConsentField } from "./photo-consent-field";
import { PhotoPicker } from "./photo-picker";
import styles from "./photo-request-panel.module.css";
import { Button, Icon } from "./ui";

interface PhotoRequestPanelProps {
  statusToken: string;
  request: NonNullable<PublicReceptionStatus["photoRequest"]>;
  /** The branch's 利用目的, which the new photos are sent with consent to. */
  privacyNotice: string | undefined;
  onSent: () => void;
}

/** Staff asked for new photos: why, in their words too, and the same picker as the web form (photos made smaller before sending). */
export function PhotoRequestPanel({ statusToken, request, privacyNotice, onSent }: PhotoRequestPanelProps) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoConsent, setPhotoConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const panel = useRef<HTMLElement>(null);

  // It appears at the top while the visitor may be scrolled down: brought into view, its title read
  // out, and the phone vibrates where the browser allows it.
  useEffect(() => {
    // Older browsers (and jsdom) lack one or the other.
    const still =
      typeof window.matchMedia !== "function" || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (typeof panel.current?.scrollIntoView === "function")
      panel.current.scrollIntoView({ block: "start", behavior: still ? "instant" : "smooth" });
    panel.current?.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
    if (typeof navigator.vibrate === "function") navigator.vibrate([200, 100, 200]);
  }, []);

  async function send() {
    if (photos.length === 0) {
      setError(NO_PHOTOS_MESSAGE);
      return;
    }
    const body = new FormData();
    appendPhotoCodes(body, photos.map(codesReadBefore));
    appendPhotoConsent(body, photos.length, photoConsent);
    for (const photo of photos) body.append("file", photo, photo.name);
    setSending(true);
    setError(undefined);
    try {
      await sendRequestedPhotos(statusToken, body);
      onSent();
    } catch (failure) {
      setError(apiErrorStatus(failure) === 429 ? TOO_MANY_REQUESTS_TEXT : apiErrorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <section ref={panel} className={styles.panel} aria-labelledby="photo-request-title" data-testid="photo-request">
      <h2 id="photo-request-title" className={styles.title} tabIndex={-1}>
        <Icon name="camera" />
        処方箋の写真をもう一度お送りください
      </h2>
      <p className={styles.reason}>{PHOTO_REQUEST_REASON_LABELS[request.reason]}</p>
      {request.message && (
        <p className={styles.message}>
          <span className={styles.from}>薬局から：</span>
          {request.message}
        </p>
      )}
      <PhotoPicker
        value={photos}
        onChange={setPhotos}
        id="requested-photos"
        describedBy={error ? "photo-request-error" : undefined}
      />
      {error && (
        <p id="photo-request-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
      <PhotoConsentField
        id="requested-photo-consent"
        checked={photoConsent}
        onChange={setPhotoConsent}
        privacyNotice={privacyNotice}
      />
      <Button
        variant="primary"
        big
        icon={<Icon name="send" />}
        loading={sending}
        disabled={!photoConsent}
        onClick={() => void send()}
      >
        写真を送る
      </Button>
    </section>
  );
}
