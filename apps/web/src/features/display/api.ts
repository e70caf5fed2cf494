import { DisplayBoardSchema, type DisplayBoard } from "@pharmacy/contract/display/display";
import { api } from "../../lib/api/api";
import { appLive } from "../../lib/live/app-live";
import { storeAccessOf } from "../../lib/store/store-hooks";
import { responds } from "../../lib/api/response-shape";

/**
 * Asked again this often besides the live frames: a safety net for anything a socket cannot tell
 * (the business day turning over at midnight clears yesterday's numbers without any change).
 */
export const BOARD_REFRESH_MS = 60_000;

export const displayApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoard: build.query<DisplayBoard, void>({
      extraOptions: responds(DisplayBoardSchema),
      query: () => "/api/display/board",
      providesTags: ["DisplayBoard"],
      // Every frame carries the whole board. Whenever the socket is (again) authorised the board is
      // fetched anew: a call made while it was down, or before it first opened, is then on the screen.
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const live = appLive(storeAccessOf({ dispatch, getState }), "board");
        const refetch = () => dispatch(displayApi.util.invalidateTags(["DisplayBoard"]));
        const unsubscribe = live.subscribe({
          onEvent(event) {
            if (event.type === "board.updated") updateCachedData(() => event.board);
          },
          // back after a drop, or told by the server that it missed changes itself
          onReconnected: refetch,
        });
        let opened = false;
        const stopWatching = live.onStatusChange(() => {
          if (live.status !== "open" || opened) return;
          opened = true;
          refetch();
        });
        await cacheEntryRemoved;
        stopWatching();
        unsubscribe();
      },
    }),
  }),
});

export const { useGetBoardQuery } = displayApi;
