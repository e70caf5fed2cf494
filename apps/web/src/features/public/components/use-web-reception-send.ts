import { MAX_WEB_PHOTOS, type WebReceptionCreated } from "@pharmacy/contract/public/public";
import { pruneAnswers } from "@pharmacy/contract/receptions/question-rules";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { QuestionSetting } from "@pharmacy/contract/settings/settings";
import { useState } from "react";
import { codesReadBefore } from "../../../lib/files/photo-codes/photo-codes";
import { asksExchangeNumber } from "../../../lib/receptions/prescription-limits";
import type { FieldKey, WebFormValues } from "../form-steps";
import { sendWebReception } from "../public-api";
import { sendFailureOf, type SendFailure } from "../send-failure";
import type { Message } from "../../../lib/i18n/message";
import { webReceptionBody } from "../web-reception";
import type { FamilyMember } from "../family";

interface WebReceptionSendOptions {
  publicSlug: string;
  questions: readonly QuestionSetting[];
  /** The form fill's key: every try of it is the same send. */
  sendKey: string;
  /** Called before the request leaves, so a reload knows the send may have arrived. */
  markSendTried: () => void;
  onSent: (created: WebReceptionCreated, answers: Answers) => void;
  /** The messages the server put on the form's fields. */
  onFieldErrors: (errors: Record<FieldKey, Message>) => void;
}

/** The photos beside the prescription photos: an e-prescription's 控え and the お薬手帳 QR. */
export interface CodePhotos {
  copy: File | undefined;
  notebook: File | undefined;
}

/** The photos a send carries: the prescription photos, the 控え only when the 引換番号 is asked, the お薬手帳 QR. */
export function photosToSend(photos: readonly File[], sentAnswers: Answers, { copy, notebook }: CodePhotos): File[] {
  return [...photos, ...(asksExchangeNumber(sentAnswers) && copy ? [copy] : []), ...(notebook ? [notebook] : [])].slice(
    0,
    MAX_WEB_PHOTOS,
  );
}

/**
 * 「この内容で受付する」: the answers that still apply, the photos (the 控え only when the 引換番号 is
 * asked) and their codes, sent with the form fill's key. A failure is shown over the buttons, its
 * messages on the fields handed to the form.
 */
export function useWebReceptionSend({
  publicSlug,
  questions,
  sendKey,
  markSendTried,
  onSent,
  onFieldErrors,
}: WebReceptionSendOptions) {
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<SendFailure | null>(null);

  /** `fields`: the fields the form has, where the server's messages can be shown. */
  async function send(
    values: WebFormValues,
    codePhotos: CodePhotos,
    fields: readonly FieldKey[],
    photoConsent: boolean,
    family: readonly FamilyMember[] = [],
  ) {
    setSendError(null);
    const sentAnswers = pruneAnswers(questions, values.answers);
    const photos = photosToSend(values.photos, sentAnswers, codePhotos);
    const body = webReceptionBody({
      patientName: values.patientName,
      phone: values.phone,
      answers: sentAnswers,
      photos,
      photoCodes: photos.map(codesReadBefore),
      email: values.email,
      followUpConsent: values.followUpConsent,
      photoConsent,
      ...(asksExchangeNumber(sentAnswers) && { exchangeNumber: values.exchangeNumber }),
      household: family.map((member) => ({
        patientName: member.patientName,
        phone: member.phone,
        photos: member.photos,
        photoCodes: member.photos.map(codesReadBefore),
      })),
    });
    setSending(true);
    markSendTried();
    try {
      const created = await sendWebReception(publicSlug, body, sendKey);
      onSent(created, sentAnswers);
    } catch (error) {
      const failure = sendFailureOf(error, fields);
      setSendError(failure);
      if (failure.errors) onFieldErrors(failure.errors);
    } finally {
      setSending(false);
    }
  }

  return { sending, sendError, clearSendError: () => setSendError(null), send };
}
