import type { Store, ThunkDispatch, UnknownAction } from "@reduxjs/toolkit";
import { useDispatch, useSelector, useStore } from "react-redux";
import type { RootState } from "./root-reducer";

/** The store's dispatch (`app/store.ts` checks that its store has this one). */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** What code outside React (RTK Query's lifecycles, the live socket) may hold of the store. */
export interface StoreAccess {
  dispatch: AppDispatch;
  getState: () => RootState;
}

/** The app's hooks: every component reads and writes the store through these, typed. */
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppStore = useStore.withTypes<Store<RootState> & StoreAccess>();

/**
 * The app's state inside an RTK Query lifecycle or base query, whose `getState` is typed as the API
 * slice's alone: the one place that says it is the whole store's.
 */
export function appStateOf(api: { getState: () => unknown }): RootState {
  return api.getState() as RootState;
}

/** The store as a lifecycle holds it (`dispatch`, `getState`), for what takes the whole store's. */
export function storeAccessOf(api: { dispatch: AppDispatch; getState: () => unknown }): StoreAccess {
  return { dispatch: api.dispatch, getState: () => appStateOf(api) };
}
