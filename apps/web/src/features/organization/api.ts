import {
  AddBranchSchema,
  BranchSchema,
  OrganizationSchema,
  OrganizationTodaySchema,
  type AddBranchInput,
  type Branch,
  type Organization,
  type OrganizationToday,
} from "@pharmacy/contract/organization/organization";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

/** The 本部 screen's calls (本部管理者). */
export const organizationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganization: build.query<Organization, void>({
      extraOptions: responds(OrganizationSchema),
      query: () => "/api/organization",
      providesTags: ["Organization"],
    }),
    getOrganizationToday: build.query<OrganizationToday, void>({
      extraOptions: responds(OrganizationTodaySchema),
      query: () => "/api/organization/today",
      providesTags: ["Organization"],
    }),
    addBranch: build.mutation<Branch, AddBranchInput>({
      extraOptions: responds(BranchSchema),
      query: (input) => ({ url: "/api/organization/branches", method: "POST", body: AddBranchSchema.parse(input) }),
      // the header's switcher lists the new branch too: its adder is its first admin
      invalidatesTags: ["Organization", "User"],
    }),
  }),
});

export const { useGetOrganizationQuery, useGetOrganizationTodayQuery, useAddBranchMutation } = organizationApi;
