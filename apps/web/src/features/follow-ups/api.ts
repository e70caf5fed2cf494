import {
  CareContactResponseSchema,
  FollowUpDetailSchema,
  FollowUpListSchema,
  FollowUpSchema,
  FollowUpTodaySchema,
  ReceptionFollowUpsSchema,
  type CareContactInput,
  type CareContactResponse,
  type FollowUp,
  type FollowUpDetail,
  type FollowUpList,
  type FollowUpToday,
  type PlanFollowUpInput,
  type ReceptionFollowUps,
  type UpdateFollowUpInput,
} from "@pharmacy/contract/follow-ups/follow-ups";
import {
  BranchFollowUpTemplatesSchema,
  type BranchFollowUpTemplates,
  type FollowUpTemplatesInput,
} from "@pharmacy/contract/follow-ups/follow-up-templates";
import {
  NextDispensingsSchema,
  type NextDispensings,
  type NextDispensingsQuery,
} from "@pharmacy/contract/follow-ups/next-dispensing";
import { api } from "../../lib/api/api";
import { responds } from "../../lib/api/response-shape";

const LIST_TAG = { type: "FollowUp", id: "LIST" } as const;
const TODAY_TAG = { type: "FollowUp", id: "TODAY" } as const;
const receptionTag = (receptionId: string) => ({ type: "FollowUp" as const, id: `reception-${receptionId}` });
const contactTag = (receptionId: string) => ({ type: "CareContact" as const, id: receptionId });

/*
 * docs/rules.md#continuity-of-care on the staff side. A change to a follow-up refreshes the worklist, today's count and the
 * reception's own list; the follow-up's detail is put in its cache from the PATCH's answer.
 */
export const followUpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCareContact: build.query<CareContactResponse, string>({
      extraOptions: responds(CareContactResponseSchema),
      query: (receptionId) => `/api/reception/${encodeURIComponent(receptionId)}/care_contact`,
      providesTags: (_result, _error, receptionId) => [contactTag(receptionId)],
    }),
    saveCareContact: build.mutation<CareContactResponse, { receptionId: string; contact: CareContactInput }>({
      extraOptions: responds(CareContactResponseSchema),
      query: ({ receptionId, contact }) => ({
        url: `/api/reception/${encodeURIComponent(receptionId)}/care_contact`,
        method: "PUT",
        body: contact,
      }),
      onQueryStarted: async ({ receptionId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(followUpsApi.util.upsertQueryData("getCareContact", receptionId, data));
      },
    }),
    getReceptionFollowUps: build.query<ReceptionFollowUps, string>({
      extraOptions: responds(ReceptionFollowUpsSchema),
      query: (receptionId) => `/api/reception/${encodeURIComponent(receptionId)}/follow_ups`,
      providesTags: (_result, _error, receptionId) => [receptionTag(receptionId)],
    }),
    planFollowUp: build.mutation<FollowUp, { receptionId: string; plan: PlanFollowUpInput }>({
      extraOptions: responds(FollowUpSchema),
      query: ({ receptionId, plan }) => ({
        url: `/api/reception/${encodeURIComponent(receptionId)}/follow_ups`,
        method: "POST",
        body: plan,
      }),
      invalidatesTags: (_result, error, { receptionId }) =>
        error ? [] : [receptionTag(receptionId), LIST_TAG, TODAY_TAG],
    }),
    /** The worklist of a day (default today): open ones due by then, and those closed that day. */
    getFollowUps: build.query<FollowUpList, { date?: string }>({
      extraOptions: responds(FollowUpListSchema),
      query: ({ date }) => ({ url: "/api/follow_ups", params: date ? { date } : undefined }),
      providesTags: [LIST_TAG],
    }),
    getFollowUpsToday: build.query<FollowUpToday, void>({
      extraOptions: responds(FollowUpTodaySchema),
      query: () => "/api/follow_ups/today",
      providesTags: [TODAY_TAG],
    }),
    getFollowUp: build.query<FollowUpDetail, string>({
      extraOptions: responds(FollowUpDetailSchema),
      query: (id) => `/api/follow_ups/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: "FollowUp", id }],
    }),
    updateFollowUp: build.mutation<FollowUpDetail, { id: string; changes: UpdateFollowUpInput }>({
      extraOptions: responds(FollowUpDetailSchema),
      query: ({ id, changes }) => ({
        url: `/api/follow_ups/${encodeURIComponent(id)}`,
        method: "PATCH",
        body: changes,
      }),
      invalidatesTags: (result, error) =>
        error || !result ? [] : [LIST_TAG, TODAY_TAG, receptionTag(result.receptionId), contactTag(result.receptionId)],
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(followUpsApi.util.upsertQueryData("getFollowUp", id, data));
      },
    }),
    /** The 服薬情報提供書 as the server prints it (text/html), fetched with the bearer token. */
    getFollowUpReport: build.query<string, string>({
      extraOptions: responds("text"),
      query: (id) => ({ url: `/api/follow_ups/${encodeURIComponent(id)}/report`, responseHandler: "text" }),
      keepUnusedDataFor: 0,
    }),
    getFollowUpTemplates: build.query<BranchFollowUpTemplates, void>({
      extraOptions: responds(BranchFollowUpTemplatesSchema),
      query: () => "/api/follow_up_templates",
      providesTags: ["FollowUpTemplates"],
    }),
    saveFollowUpTemplates: build.mutation<BranchFollowUpTemplates, FollowUpTemplatesInput>({
      extraOptions: responds(BranchFollowUpTemplatesSchema),
      query: (templates) => ({ url: "/api/follow_up_templates", method: "PUT", body: templates }),
      onQueryStarted: async (_input, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(followUpsApi.util.upsertQueryData("getFollowUpTemplates", undefined, data));
      },
    }),
    /** The branch returns to its organisation's templates. */
    returnToOrganizationTemplates: build.mutation<BranchFollowUpTemplates, void>({
      extraOptions: responds(BranchFollowUpTemplatesSchema),
      query: () => ({ url: "/api/follow_up_templates", method: "DELETE" }),
      onQueryStarted: async (_input, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(followUpsApi.util.upsertQueryData("getFollowUpTemplates", undefined, data));
      },
    }),
    getNextDispensings: build.query<NextDispensings, NextDispensingsQuery>({
      extraOptions: responds(NextDispensingsSchema),
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
  useReturnToOrganizationTemplatesMutation,
  useGetNextDispensingsQuery,
} = followUpsApi;
