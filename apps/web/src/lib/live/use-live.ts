import type { LiveView } from "@pharmacy/contract/live/realtime";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useAppStore } from "../store/store-hooks";
import { appLive } from "./app-live";
import type { LiveEvent, LiveStatus } from "./live-connection";

/** Calls `onEvent` for every live event of the view while the component is mounted (the socket is shared). */
export function useLiveEvents(onEvent: (event: LiveEvent) => void, view: LiveView = "staff"): void {
  const store = useAppStore();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => appLive(store, view).subscribe({ onEvent: (event) => latest.current(event) }), [store, view]);
}

/** The state of the view's live connection, for the indicator on the list or the display. */
export function useLiveStatus(view: LiveView = "staff"): LiveStatus {
  const store = useAppStore();
  const connection = appLive(store, view);
  return useSyncExternalStore(
    (callback) => connection.onStatusChange(callback),
    () => connection.status,
  );
}
