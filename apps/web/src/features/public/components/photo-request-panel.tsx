import { message, type Message } from "../../../lib/i18n/message";
import { publicErrorOf } from "../../../lib/i18n/patient-errors";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import type { PublicReceptionStatus } from "@pharmacy/contract/public/public";
import { useEffect, useRef, useState } from "react";
import { codesReadBefore } from "../../../lib/files/photo-codes/photo-codes";
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
  const [error, setError] = useState<Message>();
  const { r, m } = usePatientText();
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
      setError(message("fields.noPhotos"));
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
      setError(publicErrorOf(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <section ref={panel} className={styles.panel} aria-labelledby="photo-request-title" data-testid="photo-request">
      <h2 id="photo-request-title" className={styles.title} tabIndex={-1}>
        <Icon name="camera" />
        {r("status.photoRequestTitle")}
      </h2>
      <p className={styles.reason}>{r(`status.photoReasons.${request.reason}`)}</p>
      {request.message && (
        <p className={styles.message}>
          <span className={styles.from}>{r("status.photoRequestFrom")}</span>
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
          {m(error)}
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
        {r("status.photoRequestSend")}
      </Button>
    </section>
  );
}
