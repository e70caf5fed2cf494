import {
  AppSettingsSchema,
  BusinessHoursSchema,
  type AppSettings,
  type BusinessHours,
} from "@pharmacy/contract/settings";
import { api } from "../../lib/api";
import { responds } from "../../lib/response-shape";

/**
 * The settings mutations. The queries they invalidate live in lib/ (pharmacy-api.ts, settings-api.ts),
 * shared with the header and the reception screens.
 */
export const settingsMutationsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    /** A marked sample ticket (「テスト印刷」) with the saved message, to check the receipt printer. */
    getTestTicket: build.query<string, void>({
      extraOptions: responds("text"),
      query: () => ({ url: "/api/reception/test_ticket", responseHandler: "text" }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useUpdateAppSettingsMutation, useUpdateBusinessHoursMutation, useGetTestTicketQuery } =
  settingsMutationsApi;
