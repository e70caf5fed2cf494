import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { Me } from "@pharmacy/contract/auth/staff";
import { randomUuid } from "../browser/random-uuid";
import { removeTokens } from "./token-storage";

export interface SessionState {
  user: Me | null;
  /** True until the start-up check of the stored tokens has finished. */
  loading: boolean;
  /** The start-up check could not reach the server: it keeps the tokens and tries again. */
  unreachable: boolean;
  authenticated: boolean;
  /** Sent as X-Ws-Session-Id so the server can tell this tab which live events it caused itself. */
  wsSessionId: string;
}

export function initialSessionState(): SessionState {
  return { user: null, loading: true, unreachable: false, authenticated: false, wsSessionId: randomUuid() };
}

export const sessionSlice = createSlice({
  name: "session",
  initialState: initialSessionState,
  reducers: {
    setUser(state, action: PayloadAction<Me>) {
      state.user = action.payload;
      state.authenticated = true;
      state.loading = false;
      state.unreachable = false;
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload;
    },
    setUnreachable(state, action: PayloadAction<boolean>) {
      state.unreachable = action.payload;
    },
    reset: {
      reducer(state) {
        state.user = null;
        state.authenticated = false;
        state.loading = false;
        state.unreachable = false;
      },
      // Token removal lives in prepare, not in the reducer, so the reducer stays pure.
      prepare() {
        removeTokens();
        return { payload: undefined };
      },
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectUser: (state) => state.user,
    selectAuthenticated: (state) => state.authenticated,
    selectUnreachable: (state) => state.unreachable,
    selectWsSessionId: (state) => state.wsSessionId,
  },
});

export const { setUser, setLoading, setUnreachable, reset } = sessionSlice.actions;
export const { selectSession, selectUser, selectAuthenticated, selectUnreachable, selectWsSessionId } =
  sessionSlice.selectors;

/** Resolves with the session once start-up has decided whether the stored tokens are still good. */
export function waitForSession(store: {
  getState: () => { session: SessionState };
  subscribe: (listener: () => void) => () => void;
}): Promise<SessionState> {
  return new Promise((resolve) => {
    const current = store.getState().session;
    if (!current.loading) {
      resolve(current);
      return;
    }
    const unsubscribe = store.subscribe(() => {
      const session = store.getState().session;
      if (session.loading) return;
      unsubscribe();
      resolve(session);
    });
  });
}
