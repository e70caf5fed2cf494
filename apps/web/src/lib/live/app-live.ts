import type { LiveView } from "@pharmacy/contract/live/realtime";
import { refreshIdTokenOutsideQuery } from "../api/base-query";
import type { StoreAccess } from "../store/store-hooks";
import { getIdToken } from "../auth/token-storage";
import { LiveConnection, liveEventsUrl } from "./live-connection";

const instances = new Map<LiveView, LiveConnection>();

/**
 * The app's live connection for a view (one store per page, so at most one socket per view): the
 * staff screens follow the reception frames, the calling display the board frames.
 */
export function appLive(store: StoreAccess, view: LiveView = "staff"): LiveConnection {
  let instance = instances.get(view);
  if (!instance) {
    instance = new LiveConnection({
      url: liveEventsUrl(),
      view,
      getIdToken,
      getSessionId: () => store.getState().session.wsSessionId,
      refreshIdToken: async () => (await refreshIdTokenOutsideQuery(store)).kind,
    });
    instances.set(view, instance);
  }
  return instance;
}

/** Every live connection of the page starts again on the tokens now stored (LiveConnection.restart). */
export function restartAppLive(): void {
  for (const connection of instances.values()) connection.restart();
}
