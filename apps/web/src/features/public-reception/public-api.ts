import {
  PublicPharmacySchema,
  PublicReceptionStatusSchema,
  WebReceptionCreatedSchema,
  type PublicPharmacy,
  type PublicReceptionStatus,
  type WebReceptionCreated,
} from "@pharmacy/contract/public";
import {
  PushPublicKeySchema,
  PushSubscribedSchema,
  type PushPublicKey,
  type PushSubscribed,
  type PushSubscriptionInput,
} from "@pharmacy/contract/visitor-notices";
import type { z } from "zod";

/**
 * The visitor's three calls with plain fetch (no store: the patient's entry stays light). A failure is
 * thrown in the shape `lib/api-error.ts` reads ({status, data} or {status: "FETCH_ERROR"}), so the
 * visitor sees the same Japanese messages as the staff app.
 */
async function call<T>(url: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { accept: "application/json", ...init?.headers } });
  } catch {
    throw { status: "FETCH_ERROR", error: "network" };
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw { status: "PARSING_ERROR", originalStatus: response.status, data: text, error: "parse" };
  }
  if (!response.ok) throw { status: response.status, data };
  return schema.parse(data);
}

export function getPublicPharmacy(publicSlug: string): Promise<PublicPharmacy> {
  return call(`/api/public/pharmacy/${encodeURIComponent(publicSlug)}`, PublicPharmacySchema);
}

/** multipart: `file` parts (photos) and the text fields patientName, phone, answers (JSON). */
export function sendWebReception(publicSlug: string, body: FormData): Promise<WebReceptionCreated> {
  return call(`/api/public/pharmacy/${encodeURIComponent(publicSlug)}/reception`, WebReceptionCreatedSchema, { method: "POST", body });
}

export function getPublicReceptionStatus(statusToken: string): Promise<PublicReceptionStatus> {
  return call(`/api/public/reception/${encodeURIComponent(statusToken)}`, PublicReceptionStatusSchema);
}

/** multipart: 1–5 `file` parts answering staff's request for new photos; the new status comes back. */
export function sendRequestedPhotos(statusToken: string, body: FormData): Promise<PublicReceptionStatus> {
  return call(`/api/public/reception/${encodeURIComponent(statusToken)}/photos`, PublicReceptionStatusSchema, { method: "POST", body });
}

export function getPushPublicKey(): Promise<PushPublicKey> {
  return call("/api/public/push_public_key", PushPublicKeySchema);
}

export function subscribeToPush(statusToken: string, subscription: PushSubscriptionInput): Promise<PushSubscribed> {
  return call(`/api/public/reception/${encodeURIComponent(statusToken)}/push_subscription`, PushSubscribedSchema, {
    method: "POST",
    body: JSON.stringify(subscription),
    headers: { "content-type": "application/json" },
  });
}
