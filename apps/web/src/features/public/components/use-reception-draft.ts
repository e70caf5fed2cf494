import type { Answers } from "@pharmacy/contract/receptions/questions";
import { useEffect, useState } from "react";
import { clearDraft, draftOf, savedPhotos, saveDraft, savePhotos, type FormDraft } from "../form-draft";
import type { WebFormValues } from "../form-steps";

/**
 * The web form's values and step, kept over the phone's Back button and a reload:
 * read back from the draft once, written on every change, the photos read back from IndexedDB (else
 * `photosLost`, and the form starts again at step 1 where they are chosen); leaving with photos chosen
 * asks first, as they would have to be taken again.
 */
export function useReceptionDraft(publicSlug: string, onStepChange: (index: number) => void) {
  const [draft] = useState(() => draftOf(publicSlug));
  const [values, setValues] = useState<WebFormValues>(() => ({
    photos: [],
    answers: (draft?.answers ?? {}) as Answers,
    patientName: draft?.patientName ?? "",
    phone: draft?.phone ?? "",
    exchangeNumber: draft?.exchangeNumber ?? "",
    email: draft?.email ?? "",
    followUpConsent: draft?.followUpConsent ?? false,
  }));
  const [stepIndex, setStepIndex] = useState(draft?.step ?? 0);
  /** False while the photos of a reloaded form are read back: nothing is written over them until then. */
  const [photosRestored, setPhotosRestored] = useState(!draft?.photoCount);
  const [photosLost, setPhotosLost] = useState(false);
  // one key per form fill, kept with the draft: a send tried again is the same send (the server's Idempotency-Key)
  const [sendKey] = useState(() => draft?.sendKey ?? crypto.randomUUID());
  const [sendTried, setSendTried] = useState(draft?.sendTried ?? false);

  useEffect(() => {
    if (photosRestored) return;
    void savedPhotos(publicSlug).then((photos) => {
      if (photos.length > 0) {
        setValues((current) => ({ ...current, photos }));
      } else {
        // Asked for again where they are chosen.
        setPhotosLost(true);
        setStepIndex(0);
        onStepChange(0);
      }
      setPhotosRestored(true);
    });
    // Once, after a reload: onStepChange is the page's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photosRestored, publicSlug]);

  const current: FormDraft = {
    step: stepIndex,
    answers: values.answers as Record<string, string>,
    patientName: values.patientName,
    phone: values.phone,
    exchangeNumber: values.exchangeNumber,
    email: values.email,
    followUpConsent: values.followUpConsent,
    photoCount: photosRestored ? values.photos.length : (draft?.photoCount ?? 0),
    sendKey,
    sendTried,
  };
  useEffect(() => {
    saveDraft(publicSlug, current);
    // `current` is made of these
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [publicSlug, stepIndex, values, photosRestored, draft, sendKey, sendTried]);

  useEffect(() => {
    if (photosRestored) void savePhotos(publicSlug, values.photos);
  }, [publicSlug, values.photos, photosRestored]);

  useEffect(() => {
    if (values.photos.length === 0) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      event.returnValue = "";
    }
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [values.photos.length]);

  /** Written at once, not after the next render: the page may be closed right after the tap. */
  function markSendTried() {
    saveDraft(publicSlug, { ...current, sendTried: true });
    setSendTried(true);
  }

  return {
    values,
    setValues,
    stepIndex,
    setStepIndex,
    photosLost,
    sendKey,
    /** A send of this form was tried before the page was reloaded: it may have arrived. */
    resumedAfterSend: draft?.sendTried === true,
    markSendTried,
    clear: () => clearDraft(publicSlug),
  };
}
