import { isRefusal } from "../lib/api/api-error";
import { reset, setUnreachable, setUser } from "../lib/auth/session";
import { getIdToken, getRefreshToken } from "../lib/auth/token-storage";
import { currentUserApi } from "../lib/auth/current-user-api";
import type { AppStore } from "./store";

/** While the server cannot be reached at start-up, it is asked again this often (and when the browser is back online). */
export const BOOTSTRAP_RETRY_MS = 2000;

function waitBeforeRetry(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, BOOTSTRAP_RETRY_MS);
    window.addEventListener("online", done);
  });
}

/**
 * On start, turn stored tokens back into a signed-in session (docs/rules.md#the-staff-apps-basics: the session starts loading).
 * A 401 goes through the base query's refresh; if that fails the session is already reset. A tab
 * opened while the server is down keeps the tokens and waits for it (the pending screen says so),
 * rather than showing the login form to someone who is signed in.
 */
export async function bootstrapSession(store: AppStore): Promise<void> {
  for (;;) {
    if (!hasTokens()) {
      store.dispatch(reset());
      return;
    }
    const result = await store.dispatch(
      currentUserApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) {
      store.dispatch(setUser(result.data));
      return;
    }
    // A refused refresh has already removed the tokens (and reset the cache under this very call).
    if (!hasTokens() || isRefusal(result.error)) {
      store.dispatch(reset());
      return;
    }
    store.dispatch(setUnreachable(true));
    await waitBeforeRetry();
  }
}

function hasTokens(): boolean {
  return Boolean(getIdToken() || getRefreshToken());
}
