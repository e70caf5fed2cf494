import { configureStore } from "@reduxjs/toolkit";
import { beforeEach, describe, expect, it } from "vitest";
import { stubLocalStorage } from "../../test-utils/memory-storage";
import { ADMIN } from "../../test-utils/staff-user";
import { reset, sessionSlice, setLoading, setUser, waitForSession } from "./session";
import { ID_TOKEN_KEY, REFRESH_TOKEN_KEY } from "./token-storage";

const user = ADMIN;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("session slice", () => {
  let storage: Storage;
  beforeEach(() => {
    storage = stubLocalStorage();
  });

  it("starts loading and signed out, with a random websocket session id", () => {
    const first = sessionSlice.reducer(undefined, { type: "init" });
    const second = sessionSlice.reducer(undefined, { type: "init" });
    expect(first).toMatchObject({ user: null, loading: true, authenticated: false });
    expect(first.wsSessionId).toMatch(UUID);
    expect(second.wsSessionId).not.toBe(first.wsSessionId);
  });

  it("setUser stores the user and makes the session authenticated and loaded", () => {
    const state = sessionSlice.reducer(undefined, setUser(user));
    expect(state).toMatchObject({ user, authenticated: true, loading: false });
  });

  it("reset clears the user and removes both tokens from localStorage", () => {
    storage.setItem(ID_TOKEN_KEY, "id");
    storage.setItem(REFRESH_TOKEN_KEY, "refresh");
    storage.setItem("unrelated", "kept");
    const signedIn = sessionSlice.reducer(undefined, setUser(user));

    const state = sessionSlice.reducer(signedIn, reset());

    expect(state).toMatchObject({ user: null, authenticated: false, loading: false });
    expect(state.wsSessionId).toBe(signedIn.wsSessionId);
    expect(storage.getItem(ID_TOKEN_KEY)).toBeNull();
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(storage.getItem("unrelated")).toBe("kept");
  });

  it("waitForSession resolves only once loading has finished", async () => {
    const store = configureStore({ reducer: { session: sessionSlice.reducer } });
    let settled = false;
    const waiting = waitForSession(store).then((session) => {
      settled = true;
      return session;
    });
    await Promise.resolve();
    expect(settled).toBe(false);

    store.dispatch(setLoading(false));

    await expect(waiting).resolves.toMatchObject({ loading: false, authenticated: false });
  });
});
