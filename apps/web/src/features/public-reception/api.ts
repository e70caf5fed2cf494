import {
  PublicPharmacySchema,
  PublicReceptionStatusSchema,
  WebReceptionCreatedSchema,
  type PublicPharmacy,
  type PublicReceptionStatus,
  type WebReceptionCreated,
} from "@pharmacy/contract/public";
import { api } from "../../lib/api";

/** The visitor's calls: no sign-in, so no tags; the status is kept fresh by polling instead. */
export const publicReceptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicPharmacy: build.query<PublicPharmacy, string>({
      query: (publicSlug) => `/api/public/pharmacy/${encodeURIComponent(publicSlug)}`,
      transformResponse: (response: unknown) => PublicPharmacySchema.parse(response),
    }),
    /** multipart: `file` parts (photos) and the text fields patientName, phone, answers (JSON). */
    sendWebReception: build.mutation<WebReceptionCreated, { publicSlug: string; body: FormData }>({
      query: ({ publicSlug, body }) => ({
        url: `/api/public/pharmacy/${encodeURIComponent(publicSlug)}/reception`,
        method: "POST",
        body,
      }),
      transformResponse: (response: unknown) => WebReceptionCreatedSchema.parse(response),
    }),
    getPublicReceptionStatus: build.query<PublicReceptionStatus, string>({
      query: (statusToken) => `/api/public/reception/${encodeURIComponent(statusToken)}`,
      transformResponse: (response: unknown) => PublicReceptionStatusSchema.parse(response),
    }),
  }),
});

export const { useGetPublicPharmacyQuery, useSendWebReceptionMutation, useGetPublicReceptionStatusQuery } = publicReceptionApi;
