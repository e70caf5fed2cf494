import {
  AddBranchSchema,
  BranchSchema,
  OrganizationDailyReportSchema,
  OrganizationSchema,
  OrganizationTodaySchema,
  type AddBranchInput,
  type Branch,
  type Organization,
  type OrganizationDailyReport,
  type OrganizationToday,
} from "@pharmacy/contract/organization/organization";
import type { ReportQuery } from "@pharmacy/contract/reports/reports";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";
import { appLive } from "../../lib/live/app-live";
import { storeAccessOf } from "../../lib/store/store-hooks";
import { applyOrganizationDay } from "./organization-day";

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
      // the organisation's socket brings the rows of branches whose receptions changed (organization-day.ts)
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before it ever loaded
        }
        const readAgain = () => dispatch(organizationApi.util.invalidateTags(["Organization"]));
        const unsubscribe = appLive(storeAccessOf({ dispatch, getState }), "organization").subscribe({
          onEvent(event) {
            if (event.type !== "organization.day.updated") return;
            let stale = false;
            updateCachedData((draft) => {
              const result = applyOrganizationDay(draft, event);
              stale = result.stale;
              return result.stale ? undefined : result.today;
            });
            if (stale) readAgain();
          },
          onReconnected: readAgain,
        });
        await cacheEntryRemoved;
        unsubscribe();
      },
    }),
    /** 店舗別の日報: each branch's days over the period. */
    getOrganizationDailyReport: build.query<OrganizationDailyReport, ReportQuery>({
      extraOptions: responds(OrganizationDailyReportSchema),
      query: (range) => ({ url: "/api/organization/reports/daily", params: range }),
      providesTags: ["Organization"],
    }),
    /** The same as CSV; fetched with the bearer token (a plain link could not send it), saved by the browser. */
    downloadOrganizationReportCsv: build.mutation<Blob, ReportQuery>({
      extraOptions: responds("file"),
      query: (range) => ({
        url: "/api/organization/reports/daily.csv",
        params: range,
        responseHandler: async (response) => (response.ok ? response.blob() : response.json().catch(() => undefined)),
        cache: "no-store",
      }),
    }),
    addBranch: build.mutation<Branch, AddBranchInput>({
      extraOptions: responds(BranchSchema),
      query: (input) => ({ url: "/api/organization/branches", method: "POST", body: AddBranchSchema.parse(input) }),
      // the header's switcher lists the new branch too: its adder is its first admin
      invalidatesTags: ["Organization", "User"],
    }),
  }),
});

export const {
  useGetOrganizationQuery,
  useGetOrganizationTodayQuery,
  useGetOrganizationDailyReportQuery,
  useDownloadOrganizationReportCsvMutation,
  useAddBranchMutation,
} = organizationApi;
