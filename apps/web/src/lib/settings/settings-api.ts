import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import {
  AppSettingsSchema,
  BusinessHoursSchema,
  DEFAULT_APP_SETTINGS,
  DEFAULT_BUSINESS_HOURS,
  type AppSettings,
  type BusinessHours,
} from "@pharmacy/contract/settings/settings";
import type { z } from "zod";
import { api } from "../api/api";
import { responds } from "../api/response-shape";

type Fetched = { data?: unknown; error?: FetchBaseQueryError };

/**
 * A branch that never saved these settings (or a server without the endpoint yet) answers 404: then
 * the contract's defaults apply. Any other error is reported as usual.
 */
export function withDefaultOn404<T>(
  result: Fetched,
  schema: z.ZodType<T>,
  fallback: T,
): { data: T } | { error: FetchBaseQueryError } {
  if (result.error) return result.error.status === 404 ? { data: fallback } : { error: result.error };
  const parsed = schema.safeParse(result.data);
  return { data: parsed.success ? parsed.data : fallback };
}

/** The branch settings: the queries every screen reads, and the settings screens' saves that refresh them. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAppSettings: build.query<AppSettings, void>({
      extraOptions: responds(AppSettingsSchema),
      async queryFn(_arg, _api, _extra, baseQuery) {
        return withDefaultOn404(await baseQuery("/api/app_settings"), AppSettingsSchema, DEFAULT_APP_SETTINGS);
      },
      providesTags: ["AppSettings"],
    }),
    getBusinessHours: build.query<BusinessHours, void>({
      extraOptions: responds(BusinessHoursSchema),
      async queryFn(_arg, _api, _extra, baseQuery) {
        return withDefaultOn404(await baseQuery("/api/business_hours"), BusinessHoursSchema, DEFAULT_BUSINESS_HOURS);
      },
      providesTags: ["BusinessHours"],
    }),
    updateAppSettings: build.mutation<AppSettings, AppSettings>({
      extraOptions: responds(AppSettingsSchema),
      query: (settings) => ({ url: "/api/app_settings", method: "PUT", body: AppSettingsSchema.parse(settings) }),
      invalidatesTags: ["AppSettings"],
    }),
    updateBusinessHours: build.mutation<BusinessHours, BusinessHours>({
      extraOptions: responds(BusinessHoursSchema),
      query: (hours) => ({ url: "/api/business_hours", method: "PUT", body: BusinessHoursSchema.parse(hours) }),
      invalidatesTags: ["BusinessHours"],
    }),
  }),
});

export const {
  useGetAppSettingsQuery,
  useGetBusinessHoursQuery,
  useUpdateAppSettingsMutation,
  useUpdateBusinessHoursMutation,
} = settingsApi;
