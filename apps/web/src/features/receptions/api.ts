import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { current } from "@reduxjs/toolkit";
import type { CreatePhotoRequestInput } from "@pharmacy/contract/receptions/photo-requests";
import { UploadResponseSchema, type UploadResponse } from "@pharmacy/contract/files/files";
import type {
  HistoryEntry,
  Pickups,
  Reception,
  ReceptionDates,
  ReceptionList,
  UpdateReceptionInput,
  WaitAction,
} from "@pharmacy/contract/receptions/receptions";
import {
  HistoryResponseSchema,
  PickupsSchema,
  ReceptionDatesSchema,
  ReceptionListSchema,
  ReceptionSchema,
  waitActionPath,
} from "@pharmacy/contract/receptions/receptions";
import { api } from "../../lib/api/api";
import { storeAccessOf, type AppDispatch } from "../../lib/store/store-hooks";
import { appLive } from "../../lib/live/app-live";
import { responds } from "../../lib/api/response-shape";
import {
  applyReceptionEvent,
  compareCarried,
  isOwnEvent,
  isReceptionEvent,
  withCarried,
  withoutReception,
  withPickup,
  withReception,
} from "./reception-list";

/** A day holds far fewer receptions than this; the list asks for the whole day in one page. */
export const DAY_PAGE_SIZE = 500;

const LIST_TAG = { type: "Reception", id: "LIST" } as const;

/*
 * The day list stays right by construction: a mutation that answers with the reception puts it in
 * the cache through `receptionSaved` (this tab's own live events are ignored, so the response is its
 * only news); one that changes a reception without returning it invalidates that reception's tag,
 * which every day list holding it provides, or the LIST tag when it changes several.
 */

export interface ReceptionListArgs {
  /** Business day, YYYY-MM-DD (Asia/Tokyo). */
  date: string;
}

export interface PrescriptionFile {
  /** Object URL of the downloaded bytes (revoked when the cache entry goes). */
  url: string;
  contentType: string;
}

/** Downloads bytes into an object URL, revoked when the cache entry goes. */
function fileQuery(url: (fileId: string) => string) {
  return {
    extraOptions: responds("file"),
    query: (fileId: string) => ({
      url: url(fileId),
      responseHandler: async (response: Response) => {
        if (!response.ok) return response.json().catch(() => undefined);
        const blob = await response.blob();
        return { url: URL.createObjectURL(blob), contentType: blob.type };
      },
    }),
    async onCacheEntryAdded(
      _fileId: string,
      {
        cacheDataLoaded,
        cacheEntryRemoved,
      }: { cacheDataLoaded: Promise<{ data: PrescriptionFile }>; cacheEntryRemoved: Promise<void> },
    ) {
      const loaded = await cacheDataLoaded.catch(() => undefined);
      await cacheEntryRemoved;
      if (loaded) URL.revokeObjectURL(loaded.data.url);
    },
  };
}

export const receptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceptions: build.query<ReceptionList, ReceptionListArgs>({
      extraOptions: responds(ReceptionListSchema),
      query: ({ date }) => ({ url: "/api/reception", params: { date, pageSize: DAY_PAGE_SIZE } }),
      // Carried rows in the order the live rules keep them (reception-list.ts).
      transformResponse: (list: ReceptionList) => ({ ...list, carried: [...list.carried].sort(compareCarried) }),
      providesTags: (result) => [
        LIST_TAG,
        ...[...(result?.receptions ?? []), ...(result?.carried ?? [])].map(({ id }) => ({
          type: "Reception" as const,
          id,
        })),
      ],
      // Live events enter the cached day through the pure list rules (reception-list.ts).
      async onCacheEntryAdded({ date }, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before it ever loaded
        }
        const store = storeAccessOf({ dispatch, getState });
        const ownSessionId = () => store.getState().session.wsSessionId;
        const refetch = () => dispatch(receptionsApi.util.invalidateTags([LIST_TAG]));
        const unsubscribe = appLive(store).subscribe({
          onEvent(event) {
            if (!isReceptionEvent(event)) return;
            let resync = false;
            let changed = false;
            updateCachedData((draft) => {
              const result = applyReceptionEvent(current(draft), event, {
                date,
                today: businessDateOf(),
                ownSessionId: ownSessionId(),
              });
              resync = result.resync;
              changed = result.changed;
              return result.changed ? result.list : undefined;
            });
            if (!changed) return;
            dispatch(
              receptionsApi.util.invalidateTags([
                { type: "ReceptionHistory", id: event.reception.id },
                ...(event.type === "reception.created" || event.type === "reception.deleted"
                  ? (["ReceptionDates"] as const)
                  : []),
              ]),
            );
            if (resync) refetch();
          },
          onReconnected: refetch,
        });
        await cacheEntryRemoved;
        unsubscribe();
      },
    }),
    /** The pickups due on a day (pickup day that date, not handed over), kept live like the day list. */
    getPickups: build.query<Pickups, ReceptionListArgs>({
      extraOptions: responds(PickupsSchema),
      query: ({ date }) => ({ url: "/api/reception/pickups", params: { date } }),
      transformResponse: (pickups: Pickups) => ({ receptions: [...pickups.receptions].sort(compareCarried) }),
      providesTags: (result) => [
        LIST_TAG,
        ...(result?.receptions ?? []).map(({ id }) => ({ type: "Reception" as const, id })),
      ],
      async onCacheEntryAdded({ date }, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const store = storeAccessOf({ dispatch, getState });
        const ownSessionId = () => store.getState().session.wsSessionId;
        const unsubscribe = appLive(store).subscribe({
          onEvent(event) {
            if (!isReceptionEvent(event) || isOwnEvent(event, ownSessionId())) return;
            updateCachedData((draft) => {
              const held = current(draft).receptions;
              draft.receptions =
                event.type === "reception.deleted"
                  ? held.filter((entry) => entry.id !== event.reception.id)
                  : withPickup(held, event.reception, date);
            });
          },
          onReconnected: () => dispatch(receptionsApi.util.invalidateTags([LIST_TAG])),
        });
        await cacheEntryRemoved;
        unsubscribe();
      },
    }),
    getReception: build.query<Reception, string>({
      extraOptions: responds(ReceptionSchema),
      query: (id) => `/api/reception/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: "Reception", id }],
    }),
    getReceptionDates: build.query<ReceptionDates, void>({
      extraOptions: responds(ReceptionDatesSchema),
      query: () => "/api/reception/dates",
      providesTags: ["ReceptionDates"],
    }),
    getReceptionHistory: build.query<{ history: HistoryEntry[] }, string>({
      extraOptions: responds(HistoryResponseSchema),
      query: (id) => `/api/reception/${encodeURIComponent(id)}/history`,
      providesTags: (_result, _error, id) => [{ type: "ReceptionHistory", id }],
    }),
    /** The printable ticket (受付票) with these answers, before they are saved: HTML text. */
    getTicketPreview: build.query<string, { id: string; answers: string[] }>({
      extraOptions: responds("text"),
      query: ({ id, answers }) => ({
        url: `/api/reception/${encodeURIComponent(id)}/preview`,
        params: new URLSearchParams(answers.map((pair) => ["answers", pair])),
        responseHandler: "text",
      }),
      keepUnusedDataFor: 0,
    }),
    /** A prescription's file, fetched with the bearer token (an <img src> could not send it): on zoom. */
    getPrescriptionFile: build.query<PrescriptionFile, string>(
      fileQuery((fileId) => `/api/file/${encodeURIComponent(fileId)}`),
    ),
    /** Its thumbnail, shown first; a file without one (PDF, HEIC) comes whole. */
    getPrescriptionThumbnail: build.query<PrescriptionFile, string>(
      fileQuery((fileId) => `/api/file/${encodeURIComponent(fileId)}/thumbnail`),
    ),
    createReception: build.mutation<Reception, void>({
      extraOptions: responds(ReceptionSchema),
      query: () => ({ url: "/api/reception", method: "POST" }),
      invalidatesTags: ["ReceptionDates"],
      onQueryStarted: (_input, { dispatch, queryFulfilled }) => receptionSavedWhenDone(dispatch, queryFulfilled),
    }),
    updateReception: build.mutation<Reception, UpdateReceptionInput>({
      extraOptions: responds(ReceptionSchema),
      query: (input) => ({ url: `/api/reception/${encodeURIComponent(input.id)}`, method: "PATCH", body: input }),
      invalidatesTags: (_result, _error, input) => [{ type: "ReceptionHistory", id: input.id }],
      onQueryStarted: (_input, { dispatch, queryFulfilled }) => receptionSavedWhenDone(dispatch, queryFulfilled),
    }),
    /** Opening a reception: the server makes it 確認中 only when it is today's and nobody opened it. */
    openReception: build.mutation<Reception, string>({
      extraOptions: responds(ReceptionSchema),
      query: (id) => ({ url: `/api/reception/${encodeURIComponent(id)}/open`, method: "POST" }),
      invalidatesTags: (_result, _error, id) => [{ type: "ReceptionHistory", id }],
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => receptionSavedWhenDone(dispatch, queryFulfilled),
    }),
    /** The patient confirmed at the counter: from now on a real reception (未確認) on every staff screen. */
    confirmReception: build.mutation<Reception, string>({
      extraOptions: responds(ReceptionSchema),
      query: (id) => ({ url: `/api/reception/${encodeURIComponent(id)}/confirm`, method: "POST" }),
      invalidatesTags: (_result, _error, id) => [{ type: "ReceptionHistory", id }],
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => receptionSavedWhenDone(dispatch, queryFulfilled),
    }),
    /** 「呼び出す」 (the calling display chimes and speaks the number) and 「お渡し済み」 (off the display). */
    changeWaitState: build.mutation<Reception, { id: string; action: WaitAction }>({
      extraOptions: responds(ReceptionSchema),
      query: ({ id, action }) => ({ url: waitActionPath(encodeURIComponent(id), action), method: "POST" }),
      invalidatesTags: (_result, _error, { id }) => [{ type: "ReceptionHistory", id }],
      onQueryStarted: (_input, { dispatch, queryFulfilled }) => receptionSavedWhenDone(dispatch, queryFulfilled),
    }),
    requestPhotos: build.mutation<Reception, { id: string } & CreatePhotoRequestInput>({
      extraOptions: responds(ReceptionSchema),
      query: ({ id, ...body }) => ({
        url: `/api/reception/${encodeURIComponent(id)}/photo_request`,
        method: "POST",
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: "ReceptionHistory", id }],
      onQueryStarted: (_input, { dispatch, queryFulfilled }) => receptionSavedWhenDone(dispatch, queryFulfilled),
    }),
    deleteReception: build.mutation<void, { id: string; receptionDate?: string }>({
      extraOptions: responds("none"),
      query: ({ id }) => ({ url: `/api/reception/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST_TAG, "ReceptionDates"]),
      async onQueryStarted({ id, receptionDate }, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(() => true).catch(() => false);
        if (!ok || !receptionDate) return;
        for (const date of new Set([receptionDate, businessDateOf()])) {
          dispatch(
            receptionsApi.util.updateQueryData("getReceptions", { date }, (draft) =>
              withoutReception(current(draft), id),
            ),
          );
        }
        dispatch(
          receptionsApi.util.updateQueryData("getPickups", { date: businessDateOf() }, (draft) => {
            draft.receptions = draft.receptions.filter((entry) => entry.id !== id);
          }),
        );
      },
    }),
    /** Moves a prescription into partition N of the same number (split / merge): several receptions change. */
    movePrescription: build.mutation<Reception, { id: string; prescriptionId: string; partitionNumber: number }>({
      extraOptions: responds(ReceptionSchema),
      query: ({ id, prescriptionId, partitionNumber }) => ({
        url: `/api/reception/${encodeURIComponent(id)}/prescription/${encodeURIComponent(prescriptionId)}`,
        method: "PUT",
        body: { partitionNumber },
      }),
      invalidatesTags: (result, _error, { id }) => [
        LIST_TAG,
        { type: "Reception", id },
        { type: "ReceptionHistory", id },
        ...(result
          ? [
              { type: "Reception" as const, id: result.id },
              { type: "ReceptionHistory" as const, id: result.id },
            ]
          : []),
      ],
    }),
    removePrescription: build.mutation<void, { id: string; prescriptionId: string }>({
      extraOptions: responds("none"),
      query: ({ id, prescriptionId }) => ({
        url: `/api/reception/${encodeURIComponent(id)}/prescription/${encodeURIComponent(prescriptionId)}`,
        method: "DELETE",
      }),
      invalidatesTags: (_result, _error, { id }) => [
        LIST_TAG,
        { type: "Reception", id },
        { type: "ReceptionHistory", id },
      ],
    }),
    /** Uploads a picture or PDF and attaches it to the reception as a new paper prescription. */
    uploadPrescriptionFile: build.mutation<UploadResponse, { file: File; receptionId: string }>({
      extraOptions: responds(UploadResponseSchema),
      query: ({ file, receptionId }) => {
        const body = new FormData();
        body.append("receptionId", receptionId);
        body.append("sourceType", "Paper");
        body.append("file", file);
        return { url: "/api/file", method: "POST", body };
      },
      invalidatesTags: (_result, _error, { receptionId }) => [
        { type: "Reception", id: receptionId },
        { type: "ReceptionHistory", id: receptionId },
      ],
    }),
  }),
});

/**
 * The one path by which a reception this tab saved enters the cache: its day's list, today's carried
 * rows and pickups, and its own entry.
 */
function receptionSaved(dispatch: AppDispatch, reception: Reception): void {
  const today = businessDateOf();
  dispatch(
    receptionsApi.util.updateQueryData("getReceptions", { date: reception.receptionDate }, (draft) =>
      withReception(current(draft), reception),
    ),
  );
  if (reception.receptionDate < today) {
    dispatch(
      receptionsApi.util.updateQueryData("getReceptions", { date: today }, (draft) =>
        withCarried(current(draft), reception, today),
      ),
    );
  }
  dispatch(
    receptionsApi.util.updateQueryData("getPickups", { date: today }, (draft) => {
      draft.receptions = withPickup(current(draft).receptions, reception, today);
    }),
  );
  dispatch(receptionsApi.util.upsertQueryData("getReception", reception.id, reception));
}

async function receptionSavedWhenDone(
  dispatch: AppDispatch,
  queryFulfilled: Promise<{ data: Reception }>,
): Promise<void> {
  const saved = await queryFulfilled.catch(() => undefined);
  if (saved) receptionSaved(dispatch, saved.data);
}

export const {
  useGetReceptionsQuery,
  useGetReceptionQuery,
  useGetPickupsQuery,
  useGetReceptionDatesQuery,
  useGetReceptionHistoryQuery,
  useGetTicketPreviewQuery,
  useGetPrescriptionFileQuery,
  useGetPrescriptionThumbnailQuery,
  useCreateReceptionMutation,
  useUpdateReceptionMutation,
  useOpenReceptionMutation,
  useConfirmReceptionMutation,
  useChangeWaitStateMutation,
  useRequestPhotosMutation,
  useDeleteReceptionMutation,
  useMovePrescriptionMutation,
  useRemovePrescriptionMutation,
  useUploadPrescriptionFileMutation,
} = receptionsApi;
