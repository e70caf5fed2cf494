import {
  OrganizationSettingsSchema,
  type OrganizationSettings,
  type OrganizationSettingsInput,
} from "@pharmacy/contract/organization/organization-settings";
import { api } from "../api/api";
import { responds } from "../api/response-shape";

/**
 * The questions, ticket message and follow-up templates of the organisation (本部管理者): edited on the
 * 本部 screen, and on the settings screens of every branch that uses them.
 */
export const organizationSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganizationSettings: build.query<OrganizationSettings, void>({
      extraOptions: responds(OrganizationSettingsSchema),
      query: () => "/api/organization/settings",
      providesTags: ["OrganizationSettings"],
    }),
    saveOrganizationSettings: build.mutation<OrganizationSettings, OrganizationSettingsInput>({
      extraOptions: responds(OrganizationSettingsSchema),
      query: (settings) => ({
        url: "/api/organization/settings",
        method: "PUT",
        body: OrganizationSettingsSchema.parse(settings),
      }),
      // the branch signed in to may use them: its settings and templates change too
      invalidatesTags: ["OrganizationSettings", "AppSettings", "FollowUpTemplates"],
    }),
  }),
});

export const { useGetOrganizationSettingsQuery, useSaveOrganizationSettingsMutation } = organizationSettingsApi;
