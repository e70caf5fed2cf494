import { combineSlices } from "@reduxjs/toolkit";
import { api } from "../api/api";
import { sessionSlice } from "../auth/session";

/**
 * Slices of lazily loaded screens add themselves here (`slice.injectInto(rootReducer)`), so their code
 * stays in the screen's chunk instead of the login page's entry. Each declares itself with
 * `declare module ".../lib/root-reducer" { interface LazyLoadedSlices extends WithSlice<typeof slice> {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
