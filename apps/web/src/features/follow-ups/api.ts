import type {
  CareContactInput,
  CareContactResponse,
  FollowUp,
  FollowUpDetail,
  FollowUpList,
  FollowUpToday,
  PlanFollowUpInput,
  ReceptionFollowUps,
  UpdateFollowUpInput,
} from "@pharmacy/contract/follow-ups";
import type { FollowUpTemplates, FollowUpTemplatesInput } from "@pharmacy/contract/follow-up-templates";
import type { NextDispensings, NextDispensingsQuery } from "@pharmacy/contract/next-dispensing";
import { api } from "../../lib/api";

const LIST_TAG = { type: "FollowUp", id: "LIST" } as const;
const TODAY_TAG = { type: "FollowUp", id: "TODAY" } as const;
const receptionTag = (receptionId: string) => ({ type: "FollowUp" as const, id: `reception-${receptionId}` });
const contactTag = (receptionId: string) => ({ type: "CareContact" as const, id: receptionId });

/*
 * SPEC §12 on the staff side. A change to a follow-up refreshes the worklist, today's count and the
 * reception's own list; the follow-up's detail is put in its cache from the PATCH's answer.
 */
export const followUpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCareContact: build.query<CareContactResponse, string>({
      query: (receptionId) => `/api/reception/${encodeURIComponent(receptionId)}/care_contact`,
      providesTags: (_result, _error, receptionId) => [contactTag(receptionId)],
    }),
    saveCareContact: build.mutation<CareContactResponse, { receptionId: string; contact: CareContactInput }>({
      query: ({ receptionId, contact }) => ({ url: `/api/reception/${encodeURIComponent(receptionId)}/care_contact`, method: "PUT", body: contact }),
      onQueryStarted: async ({ receptionId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(followUpsApi.util.upsertQueryData("getCareContact", receptionId, data));
      },
    }),
    getReceptionFollowUps: build.query<ReceptionFollowUps, string>({
      query: (receptionId) => `/api/reception/${encodeURIComponent(receptionId)}/follow_ups`,
      providesTags: (_result, _error, receptionId) => [receptionTag(receptionId)],
    }),
    planFollowUp: build.mutation<FollowUp, { receptionId: string; plan: PlanFollowUpInput }>({
      query: ({ receptionId, plan }) => ({ url: `/api/reception/${encodeURIComponent(receptionId)}/follow_ups`, method: "POST", body: plan }),
      invalidatesTags: (_result, error, { receptionId }) => (error ? [] : [receptionTag(receptionId), LIST_TAG, TODAY_TAG]),
    }),
    /** The worklist of a day (default today): open ones due by then, and those closed that day. */
    getFollowUps: build.query<FollowUpList, { date?: string }>({
      query: ({ date }) => ({ url: "/api/follow_ups", params: date ? { date } : undefined }),
      providesTags: [LIST_TAG],
    }),
    getFollowUpsToday: build.query<FollowUpToday, void>({
      query: () => "/api/follow_ups/today",
      providesTags: [TODAY_TAG],
    }),
    getFollowUp: build.query<FollowUpDetail, string>({
      query: (id) => `/api/follow_ups/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: "FollowUp", id }],
    }),
    updateFollowUp: build.mutation<FollowUpDetail, { id: string; changes: UpdateFollowUpInput }>({
      query: ({ id, changes }) => ({ url: `/api/follow_ups/${encodeURIComponent(id)}`, method: "PATCH", body: changes }),
      invalidatesTags: (result, error) => (error || !result ? [] : [LIST_TAG, TODAY_TAG, receptionTag(result.receptionId), contactTag(result.receptionId)]),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(followUpsApi.util.upsertQueryData("getFollowUp", id, data));
      },
    }),
    /** The 服薬情報提供書 as the server prints it (text/html), fetched with the bearer token. */
    getFollowUpReport: build.query<string, string>({
      query: (id) => ({ url: `/api/follow_ups/${encodeURIComponent(id)}/report`, responseHandler: "text" }),
      keepUnusedDataFor: 0,
    }),
    getFollowUpTemplates: build.query<FollowUpTemplates, void>({
      query: () => "/api/follow_up_templates",
      providesTags: ["FollowUpTemplates"],
    }),
    saveFollowUpTemplates: build.mutation<FollowUpTemplates, FollowUpTemplatesInput>({
      query: (templates) => ({ url: "/api/follow_up_templates", method: "PUT", body: templates }),
      onQueryStarted: async (_input, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(followUpsApi.util.upsertQueryData("getFollowUpTemplates", undefined, data));
      },
    }),
    getNextDispensings: build.query<NextDispensings, NextDispensingsQuery>({
      query: (range) => ({ url: "/api/next_dispensings", params: range }),
      providesTags: ["NextDispensing"],
    }),
  }),
});

export const {
  useGetCareContactQuery,
  useSaveCareContactMutation,
  useGetReceptionFollowUpsQuery,
  usePlanFollowUpMutation,
  useGetFollowUpsQuery,
  useGetFollowUpsTodayQuery,
  useGetFollowUpQuery,
  useUpdateFollowUpMutation,
  useGetFollowUpReportQuery,
  useGetFollowUpTemplatesQuery,
  useSaveFollowUpTemplatesMutation,
  useGetNextDispensingsQuery,
} = followUpsApi;
