import {
  IDEMPOTENCY_KEY_HEADER,
  PublicPharmacySchema,
  PublicReceptionStatusSchema,
  WebReceptionCreatedSchema,
  type PublicPharmacy,
  type PublicReceptionStatus,
  type WebReceptionCreated,
} from "@pharmacy/contract/public/public";
import {
  PushPublicKeySchema,
  PushSubscribedSchema,
  type PushPublicKey,
  type PushSubscribed,
  type PushSubscriptionInput,
} from "@pharmacy/contract/visitor-notices/visitor-notices";
import {
  FollowUpAnsweredSchema,
  PublicFollowUpSchema,
  type FollowUpAnswered,
  type FollowUpAnswerInput,
  type PublicFollowUp,
} from "@pharmacy/contract/follow-ups/patient-page";
import { LineLinkSchema, LineOfferSchema, type LineLink, type LineOffer } from "@pharmacy/contract/line/line";
import { fetchJson, postJson } from "../../lib/api/fetch-json";

// The visitor's calls with plain fetch (no store: the patient's entry stays light).

export function getPublicPharmacy(publicSlug: string): Promise<PublicPharmacy> {
  return fetchJson(`/api/public/pharmacy/${encodeURIComponent(publicSlug)}`, PublicPharmacySchema);
}

/**
 * multipart: `file` parts (photos) and the text fields patientName, phone, answers (JSON); `sendKey`,
 * the same for every try of one form fill, makes a try after a lost answer answer the same reception.
 */
export function sendWebReception(publicSlug: string, body: FormData, sendKey: string): Promise<WebReceptionCreated> {
  return fetchJson(`/api/public/pharmacy/${encodeURIComponent(publicSlug)}/reception`, WebReceptionCreatedSchema, {
    method: "POST",
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: sendKey },
  });
}

/** The reception a send with this key made (404 when none arrived). */
export function getSentReception(publicSlug: string, sendKey: string): Promise<WebReceptionCreated> {
  return fetchJson(
    `/api/public/pharmacy/${encodeURIComponent(publicSlug)}/reception/${encodeURIComponent(sendKey)}`,
    WebReceptionCreatedSchema,
  );
}

export function getPublicReceptionStatus(statusToken: string): Promise<PublicReceptionStatus> {
  return fetchJson(`/api/public/reception/${encodeURIComponent(statusToken)}`, PublicReceptionStatusSchema);
}

/** multipart: 1–5 `file` parts answering staff's request for new photos; the new status comes back. */
export function sendRequestedPhotos(statusToken: string, body: FormData): Promise<PublicReceptionStatus> {
  return fetchJson(`/api/public/reception/${encodeURIComponent(statusToken)}/photos`, PublicReceptionStatusSchema, {
    method: "POST",
    body,
  });
}

export function getPushPublicKey(): Promise<PushPublicKey> {
  return fetchJson("/api/public/push_public_key", PushPublicKeySchema);
}

export function subscribeToPush(statusToken: string, subscription: PushSubscriptionInput): Promise<PushSubscribed> {
  return postJson(
    `/api/public/reception/${encodeURIComponent(statusToken)}/push_subscription`,
    PushSubscribedSchema,
    subscription,
  );
}

/** The patient's follow-up questionnaire (docs/rules.md#continuity-of-care): 404 unknown, 410 expired or closed. */
export function getPublicFollowUp(token: string): Promise<PublicFollowUp> {
  return fetchJson(`/api/public/follow_up/${encodeURIComponent(token)}`, PublicFollowUpSchema);
}

/** The answers, once: a second sending is 409 (1301). */
export function answerFollowUp(token: string, input: FollowUpAnswerInput): Promise<FollowUpAnswered> {
  return postJson(`/api/public/follow_up/${encodeURIComponent(token)}`, FollowUpAnsweredSchema, input);
}

export function getLineOffer(statusToken: string): Promise<LineOffer> {
  return fetchJson(`/api/public/reception/${encodeURIComponent(statusToken)}/line_link`, LineOfferSchema);
}

/** A new one-time code, as the LINE address that sends it to the branch's account. */
export function newLineLink(statusToken: string): Promise<LineLink> {
  return postJson(`/api/public/reception/${encodeURIComponent(statusToken)}/line_link`, LineLinkSchema, undefined);
}
