import type { ReceptionEvent } from "@pharmacy/contract/realtime";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useStore } from "react-redux";
import type { LiveStatus } from "../live/reception-live";
import { receptionLive } from "../live/live-instance";

type StoreLike = Parameters<typeof receptionLive>[0];

/** Calls `onEvent` for every live reception event while the component is mounted (the socket is shared). */
export function useLiveReceptionEvents(onEvent: (event: ReceptionEvent) => void): void {
  const store = useStore() as unknown as StoreLike;
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => receptionLive(store).subscribe({ onEvent: (event) => latest.current(event) }), [store]);
}

/** The state of the live connection, for the indicator on the list. */
export function useLiveStatus(): LiveStatus {
  const store = useStore() as unknown as StoreLike;
  const connection = receptionLive(store);
  return useSyncExternalStore(
    (callback) => connection.onStatusChange(callback),
    () => connection.status,
  );
}
