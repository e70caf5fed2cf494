import type { BaseQueryApi } from "@reduxjs/toolkit/query";
import { refreshIdTokenOutsideQuery } from "../base-query";
import type { SessionState } from "../session";
import { getIdToken } from "../token-storage";
import { LiveConnection, liveEventsUrl } from "./live-connection";

let instance: LiveConnection | null = null;

/** The app's single live connection (one store per page, so one socket per signed-in app). */
export function appLive(store: Pick<BaseQueryApi, "dispatch" | "getState">): LiveConnection {
  instance ??= new LiveConnection({
    url: liveEventsUrl(),
    getIdToken,
    getSessionId: () => (store.getState() as { session: SessionState }).session.wsSessionId,
    refreshIdToken: async () => (await refreshIdTokenOutsideQuery(store)).kind,
  });
  return instance;
}
