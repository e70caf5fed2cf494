import {
  PharmacySchema,
  PublicSlugResponseSchema,
  UpdatePharmacySchema,
  type Pharmacy,
  type UpdatePharmacyInput,
} from "@pharmacy/contract/pharmacy/pharmacy";
import { api } from "../api/api";
import { responds } from "../api/response-shape";

/**
 * The branch record, read by the settings screens, the header and the counter flow (the web
 * questionnaire QR). GET provides the Pharmacy tag and the mutations invalidate it, so every screen
 * showing the branch reads the saved values.
 */
export const pharmacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPharmacy: build.query<Pharmacy, void>({
      extraOptions: responds(PharmacySchema),
      query: () => "/api/pharmacy",
      providesTags: ["Pharmacy"],
    }),
    updatePharmacy: build.mutation<Pharmacy, UpdatePharmacyInput>({
      extraOptions: responds(PharmacySchema),
      query: (input) => ({ url: "/api/pharmacy", method: "PATCH", body: UpdatePharmacySchema.parse(input) }),
      invalidatesTags: ["Pharmacy"],
    }),
    rotatePublicSlug: build.mutation<{ publicSlug: string }, void>({
      extraOptions: responds(PublicSlugResponseSchema),
      query: () => ({ url: "/api/pharmacy/public_slug", method: "POST" }),
      invalidatesTags: ["Pharmacy"],
    }),
  }),
});

export const { useGetPharmacyQuery, useUpdatePharmacyMutation, useRotatePublicSlugMutation } = pharmacyApi;

/** The branch's web questionnaire address, or null when none is set (an empty string counts as none). */
export function questionnaireLinkOf(pharmacy: Pick<Pharmacy, "webQuestionnaireUrl"> | undefined): string | null {
  return pharmacy?.webQuestionnaireUrl || null;
}
