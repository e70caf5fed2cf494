import type { Me } from "@pharmacy/contract/auth/staff";
import { api } from "../api/api";
import { restartAppLive } from "../live/app-live";
import type { StoreAccess } from "../store/store-hooks";
import { currentUserApi } from "./current-user-api";
import { setUser } from "./session";

/**
 * Moves this page onto the session whose tokens are now stored (a branch switch made here or in another
 * tab; docs/rules.md#organisations), without loading it anew. In one step, before anything else can run,
 * the live sockets drop the old session's (none of its frames is heard again) and open on the new one,
 * and every cached answer goes: no screen shows the old branch's data, each reads its own again with the
 * new tokens. Then the person is read anew (their role there, the branch the header shows). Resolves with
 * them, or undefined when they could not be read (the caller loads the page anew).
 */
export async function followNewSession(store: StoreAccess): Promise<Me | undefined> {
  restartAppLive();
  store.dispatch(api.util.resetApiState());
  const result = await store.dispatch(
    currentUserApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  if (!result.data) return undefined;
  store.dispatch(setUser(result.data));
  return result.data;
}
