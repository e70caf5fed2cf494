import type { RefreshTokenInput } from "@pharmacy/contract/auth";
import { api } from "../../lib/api";

/** Only what the header shows; the branch settings page owns the full pharmacy record. */
export interface PharmacySummary {
  name: string;
}

export const shellApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPharmacy: build.query<PharmacySummary, void>({
      query: () => "/api/pharmacy",
      providesTags: ["Pharmacy"],
    }),
    signOut: build.mutation<void, RefreshTokenInput>({
      query: (body) => ({ url: "/auth/sign_out", method: "POST", body }),
    }),
  }),
});

export const { useGetPharmacyQuery, useSignOutMutation } = shellApi;
