import { useCallback, useEffect, useState } from "react";

interface Loaded<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
  /** When the last answer came (ms since the epoch). */
  updatedAt?: number;
  /** Asks again; the shown data stays until the answer comes. */
  reload: () => void;
}

type LoadState<T> = Omit<Loaded<T>, "reload"> & { round: number };

/** The page's one GET kept in state: the patient pages' small stand-in for a query cache. */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  // One page, one address: the request made on the first render is the one asked again.
  const [request] = useState(() => load);
  const [state, setState] = useState<LoadState<T>>({ loading: true, round: 0 });
  const { round } = state;
  useEffect(() => {
    let current = true;
    request().then(
      (data) =>
        current && setState((previous) => ({ round: previous.round, data, loading: false, updatedAt: Date.now() })),
      (error: unknown) => current && setState((previous) => ({ ...previous, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [request, round]);
  const reload = useCallback(
    () => setState((previous) => ({ ...previous, loading: true, round: previous.round + 1 })),
    [],
  );
  const { round: _round, ...loaded } = state;
  return { ...loaded, reload };
}
