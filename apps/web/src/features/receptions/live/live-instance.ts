import type { BaseQueryApi } from "@reduxjs/toolkit/query";
import { refreshIdTokenOutsideQuery } from "../../../lib/base-query";
import type { SessionState } from "../../../lib/session";
import { getIdToken } from "../../../lib/token-storage";
import { liveEventsUrl, ReceptionLiveConnection } from "./reception-live";

let instance: ReceptionLiveConnection | null = null;

/** The app's single live connection (one store per page, so one socket per signed-in app). */
export function receptionLive(store: Pick<BaseQueryApi, "dispatch" | "getState">): ReceptionLiveConnection {
  instance ??= new ReceptionLiveConnection({
    url: liveEventsUrl(),
    getIdToken,
    getSessionId: () => (store.getState() as { session: SessionState }).session.wsSessionId,
    refreshIdToken: async () => (await refreshIdTokenOutsideQuery(store)).kind,
  });
  return instance;
}
