import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubLocalStorage } from "../test-utils/memory-storage";
import { ADMIN } from "../test-utils/staff-user";
import { ID_TOKEN_KEY, REFRESH_TOKEN_KEY } from "../lib/auth/token-storage";
import { bootstrapSession } from "./bootstrap-session";
import { makeStore } from "./store";

const me = { ...ADMIN, email: "counter@example.com", name: "受付端末", role: "counter" } as const;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers /auth/refresh_token with the next of `refreshAnswers`, and /api/user/me by the bearer token. */
function stubServer(refreshAnswers: number[]) {
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      paths.push(path);
      if (path === "/auth/refresh_token") {
        const status = refreshAnswers.shift() ?? 200;
        return status === 200 ? json(200, { idToken: "device-id" }) : json(status, { message: "x" });
      }
      return request.headers.get("Authorization") === "Bearer device-id" ? json(200, me) : json(401, {});
    }),
  );
  return paths;
}

describe("bootstrapSession", () => {
  let storage: Storage;
  const browserWindow = new EventTarget();
  beforeEach(() => {
    storage = stubLocalStorage();
    vi.stubGlobal("window", browserWindow);
    // A kiosk just after it became one: the device token, no id token yet.
    storage.setItem(ID_TOKEN_KEY, "");
    storage.setItem(REFRESH_TOKEN_KEY, "device-token");
  });
  afterEach(() => vi.useRealTimers());

  it("turns a device token into the device's session", async () => {
    stubServer([]);
    const store = makeStore();
    await bootstrapSession(store);
    expect(store.getState().session).toMatchObject({ authenticated: true, user: { role: "counter" } });
  });

  it("a refused device token ends at the login, tokens removed", async () => {
    stubServer([401]);
    const store = makeStore();
    await bootstrapSession(store);
    expect(store.getState().session).toMatchObject({ authenticated: false, loading: false });
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it.each([429, 503])("a refresh answered %i keeps the tokens, says unreachable and tries again", async (status) => {
    const paths = stubServer([status]);
    const store = makeStore();
    const done = bootstrapSession(store);
    await vi.waitFor(() => expect(store.getState().session.unreachable).toBe(true));
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBe("device-token");

    browserWindow.dispatchEvent(new Event("online"));
    await done;
    expect(store.getState().session).toMatchObject({ authenticated: true, unreachable: false });
    expect(paths.filter((path) => path === "/auth/refresh_token")).toHaveLength(2);
  });
});
