import { authApi } from "../features/auth/api";
import { apiErrorStatus } from "../lib/api-error";
import { reset, setLoading, setUser } from "../lib/session";
import { getIdToken, getRefreshToken } from "../lib/token-storage";
import type { AppStore } from "./store";

/**
 * On start, turn stored tokens back into a signed-in session (brief §4: the session starts loading).
 * A 401 goes through the base query's refresh; if that fails the session is already reset.
 */
export async function bootstrapSession(store: AppStore): Promise<void> {
  if (!getIdToken() && !getRefreshToken()) {
    store.dispatch(reset());
    return;
  }
  const result = await store.dispatch(
    authApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  if (result.data) {
    store.dispatch(setUser(result.data));
    return;
  }
  const status = apiErrorStatus(result.error);
  const serverUnavailable = status === undefined || status >= 500;
  // Offline or server down: keep the tokens so a reload once it is back signs in again without a password.
  if (serverUnavailable) store.dispatch(setLoading(false));
  else store.dispatch(reset());
}
