import {
  PublicSlugResponseSchema,
  UpdatePharmacySchema,
  type Pharmacy,
  type UpdatePharmacyInput,
} from "@pharmacy/contract/pharmacy";
import { AppSettingsSchema, BusinessHoursSchema, type AppSettings, type BusinessHours } from "@pharmacy/contract/settings";
import { api } from "../../lib/api";
import { settingsApi } from "../../lib/settings-api";

/**
 * The branch record and the settings mutations. GET provides its tag, PATCH/PUT invalidate it (brief §7),
 * so every screen showing the branch (the header too) reads the saved values. The app-settings and
 * business-hours queries live in lib/settings-api.ts, shared with the reception screens.
 */
export const pharmacySettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPharmacy: build.query<Pharmacy, void>({
      query: () => "/api/pharmacy",
      providesTags: ["Pharmacy"],
    }),
    updatePharmacy: build.mutation<Pharmacy, UpdatePharmacyInput>({
      query: (input) => ({ url: "/api/pharmacy", method: "PATCH", body: UpdatePharmacySchema.parse(input) }),
      invalidatesTags: ["Pharmacy"],
    }),
    rotatePublicSlug: build.mutation<{ publicSlug: string }, void>({
      query: () => ({ url: "/api/pharmacy/public_slug", method: "POST" }),
      transformResponse: (response: unknown) => PublicSlugResponseSchema.parse(response),
      invalidatesTags: ["Pharmacy"],
    }),
    updateAppSettings: build.mutation<AppSettings, AppSettings>({
      query: (settings) => ({ url: "/api/app_settings", method: "PUT", body: AppSettingsSchema.parse(settings) }),
      invalidatesTags: ["AppSettings"],
    }),
    updateBusinessHours: build.mutation<BusinessHours, BusinessHours>({
      query: (hours) => ({ url: "/api/business_hours", method: "PUT", body: BusinessHoursSchema.parse(hours) }),
      invalidatesTags: ["BusinessHours"],
    }),
  }),
});

export const {
  useGetPharmacyQuery,
  useUpdatePharmacyMutation,
  useRotatePublicSlugMutation,
  useUpdateAppSettingsMutation,
  useUpdateBusinessHoursMutation,
} = pharmacySettingsApi;

export const { useGetAppSettingsQuery, useGetBusinessHoursQuery } = settingsApi;
