import { configureStore, createListenerMiddleware } from "@reduxjs/toolkit";
import { setupListeners } from "@reduxjs/toolkit/query";
import { api } from "../lib/api/api";
import { rootReducer } from "../lib/store/root-reducer";
import { reset } from "../lib/auth/session";
import type { StoreAccess } from "../lib/store/store-hooks";

export function makeStore() {
  const listener = createListenerMiddleware();
  // Whatever ends the session (sign-out, a refused refresh) also drops the previous branch's cached data.
  listener.startListening({
    actionCreator: reset,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(listener.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  // the typed hooks and lifecycles of lib/store/store-hooks.ts hold this store as StoreAccess
  return store satisfies StoreAccess;
}

export type AppStore = ReturnType<typeof makeStore>;
