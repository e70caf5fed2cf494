import { MeSchema } from "@pharmacy/contract/auth/staff";
import { WS_SESSION_HEADER } from "@pharmacy/contract/auth/session-header";
import { configureStore } from "@reduxjs/toolkit";
import type { BaseQueryApi } from "@reduxjs/toolkit/query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stubLocalStorage } from "../../test-utils/memory-storage";
import { ADMIN } from "../../test-utils/staff-user";
import { AUTH_NOTICE_MESSAGES, takeLoginNotice } from "../auth/login-notice";
import { baseQueryWithReauth, replacingSession } from "./base-query";
import { PARSING_ERROR_MESSAGE, apiErrorMessage } from "./api-error";
import { responds, type ResponseShape } from "./response-shape";
import { sessionSlice, setUser } from "../auth/session";
import { ID_TOKEN_KEY, REFRESH_TOKEN_KEY } from "../auth/token-storage";

const user = ADMIN;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

interface Call {
  path: string;
  authorization: string | null;
  body: unknown;
}

/** Stubs fetch with a tiny server; records every request. */
function stubServer(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    const text = await input.clone().text();
    const call: Call = {
      path: new URL(input.url).pathname,
      authorization: input.headers.get("Authorization"),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

function setup() {
  const storage = stubLocalStorage();
  const store = configureStore({ reducer: { session: sessionSlice.reducer } });
  store.dispatch(setUser(user));
  const api: BaseQueryApi = {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint: "test",
    type: "query",
  };
  const query = (url: string, shape: ResponseShape = "none") => baseQueryWithReauth(url, api, responds(shape));
  return { storage, store, query };
}

describe("baseQueryWithReauth", () => {
  let env: ReturnType<typeof setup>;
  beforeEach(() => {
    env = setup();
    env.storage.setItem(ID_TOKEN_KEY, "expired");
    env.storage.setItem(REFRESH_TOKEN_KEY, "refresh-1");
  });

  it("sends the session id, the bearer token and the JSON content type", async () => {
    let headers: Headers | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        headers = request.headers;
        return json(200, {});
      }),
    );
    await env.query("/api/user/me");
    expect(headers?.get(WS_SESSION_HEADER)).toBe(env.store.getState().session.wsSessionId);
    expect(headers?.get("Authorization")).toBe("Bearer expired");
    expect(headers?.get("Content-Type")).toBe("application/json");
  });

  it("two concurrent 401s share ONE refresh, then both are retried once and succeed", async () => {
    const refreshAnswer = deferred<Response>();
    const server = stubServer((call) => {
      if (call.path === "/auth/refresh_token") return refreshAnswer.promise;
      return call.authorization === "Bearer fresh" ? json(200, { path: call.path }) : json(401, { message: "x" });
    });

    const first = env.query("/api/one");
    const second = env.query("/api/two");
    // Hold the refresh until both calls have had their 401, so the second must wait for the first's refresh.
    await vi.waitFor(() => expect(server.calls).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 10));
    refreshAnswer.resolve(json(200, { idToken: "fresh" }));

    const results = await Promise.all([first, second]);

    expect(results.map((result) => result.data)).toEqual([{ path: "/api/one" }, { path: "/api/two" }]);
    expect(server.callsTo("/auth/refresh_token")).toEqual([
      expect.objectContaining({ body: { refreshToken: "refresh-1" } }),
    ]);
    expect(server.callsTo("/api/one").map((call) => call.authorization)).toEqual(["Bearer expired", "Bearer fresh"]);
    expect(server.callsTo("/api/two").map((call) => call.authorization)).toEqual(["Bearer expired", "Bearer fresh"]);
    expect(env.storage.getItem(ID_TOKEN_KEY)).toBe("fresh");
    expect(env.store.getState().session.authenticated).toBe(true);
  });

  it("a 401 that arrives after another call already refreshed is retried without a second refresh", async () => {
    const slowAnswer = deferred<Response>();
    const server = stubServer((call) => {
      if (call.path === "/auth/refresh_token") return json(200, { idToken: "fresh" });
      if (call.authorization === "Bearer fresh") return json(200, { ok: true });
      return call.path === "/api/slow" ? slowAnswer.promise : json(401, {});
    });

    const slow = env.query("/api/slow");
    await env.query("/api/fast");
    slowAnswer.resolve(json(401, {}));

    await expect(slow).resolves.toMatchObject({ data: { ok: true } });
    expect(server.callsTo("/auth/refresh_token")).toHaveLength(1);
  });

  it("a refused refresh removes both tokens and resets the session", async () => {
    const server = stubServer((call) =>
      call.path === "/auth/refresh_token" ? json(401, { message: "revoked" }) : json(401, { message: "x" }),
    );

    const result = await env.query("/api/user/me");

    expect(result.error).toMatchObject({ status: 401 });
    expect(server.callsTo("/auth/refresh_token")).toHaveLength(1);
    expect(server.callsTo("/api/user/me")).toHaveLength(1);
    expect(env.storage.getItem(ID_TOKEN_KEY)).toBeNull();
    expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(env.store.getState().session).toMatchObject({ user: null, authenticated: false, loading: false });
  });

  it("a refused refresh leaves the login page a notice saying why", async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    });
    stubServer((call) =>
      call.path === "/auth/refresh_token" ? json(401, { message: "revoked" }) : json(401, { message: "x" }),
    );
    await env.query("/api/user/me");
    expect(takeLoginNotice()).toBe("session-ended");
    expect(AUTH_NOTICE_MESSAGES["session-ended"]).toContain("パスワードの再設定");
  });

  it("without a refresh token it logs out without calling the server again", async () => {
    env.storage.removeItem(REFRESH_TOKEN_KEY);
    const server = stubServer(() => json(401, {}));

    const result = await env.query("/api/user/me");

    expect(result.error).toMatchObject({ status: 401 });
    expect(server.calls.map((call) => call.path)).toEqual(["/api/user/me"]);
    expect(env.storage.getItem(ID_TOKEN_KEY)).toBeNull();
    expect(env.store.getState().session).toMatchObject({ user: null, authenticated: false });
  });

  it("a 401 after the retry is returned, not retried again", async () => {
    const server = stubServer((call) =>
      call.path === "/auth/refresh_token" ? json(200, { idToken: "fresh" }) : json(401, {}),
    );

    const result = await env.query("/api/reception");

    expect(result.error).toMatchObject({ status: 401 });
    expect(server.callsTo("/api/reception")).toHaveLength(2);
    expect(server.callsTo("/auth/refresh_token")).toHaveLength(1);
  });

  it("a 401 from an /auth call (wrong password) is not a reason to refresh", async () => {
    const server = stubServer(() => json(401, { errorCode: 1010, message: "x" }));

    const result = await baseQueryWithReauth(
      { url: "/auth/sign_in", method: "POST", body: { email: "a@example.com", password: "x" } },
      { ...apiOf(env), endpoint: "signIn", type: "mutation" },
      {},
    );

    expect(result.error).toMatchObject({ status: 401, data: { errorCode: 1010 } });
    expect(server.calls).toHaveLength(1);
    expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("refresh-1");
  });

  it("an unreachable server during the refresh keeps the tokens and reports the network error", async () => {
    stubServer((call) => {
      if (call.path === "/auth/refresh_token") throw new TypeError("Failed to fetch");
      return json(401, {});
    });

    const result = await env.query("/api/user/me");

    expect(result.error).toMatchObject({ status: "FETCH_ERROR" });
    expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("refresh-1");
    expect(env.store.getState().session.authenticated).toBe(true);
  });

  it.each([429, 503, 500])(
    "a refresh answered %i (busy, restarting) keeps the tokens and the session",
    async (status) => {
      stubServer((call) => (call.path === "/auth/refresh_token" ? json(status, { message: "busy" }) : json(401, {})));

      const result = await env.query("/api/user/me");

      expect(result.error).toMatchObject({ status });
      expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("refresh-1");
      expect(env.store.getState().session.authenticated).toBe(true);
    },
  );

  it("a refresh answer cut off mid-body keeps the tokens", async () => {
    stubServer((call) =>
      call.path === "/auth/refresh_token"
        ? new Response('{"idTok', { status: 200, headers: { "Content-Type": "application/json" } })
        : json(401, {}),
    );

    const result = await env.query("/api/user/me");

    expect(result.error).toMatchObject({ status: "PARSING_ERROR" });
    expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("refresh-1");
  });

  it("classes transport failures as FETCH_ERROR, and answers that are not JSON as PARSING_ERROR", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect((await env.query("/api/x")).error).toMatchObject({ status: "FETCH_ERROR" });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 502 })),
    );
    expect((await env.query("/api/x")).error).toMatchObject({ status: "PARSING_ERROR", originalStatus: 502 });
  });
});

describe("the answer's shape", () => {
  let env: ReturnType<typeof setup>;
  beforeEach(() => {
    env = setup();
    env.storage.setItem(ID_TOKEN_KEY, "good");
  });

  it("passes an answer of the endpoint's contract schema, parsed", async () => {
    stubServer(() => json(200, { ...user, unknownExtra: true }));
    expect((await env.query("/api/user/me", MeSchema)).data).toEqual(user);
  });

  it("turns an answer of another shape into an error the screen words in Japanese, and logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubServer(() => json(200, { ...user, role: 42 }));
    const result = await env.query("/api/user/me", MeSchema);
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: "PARSING_ERROR", originalStatus: 200 });
    expect(apiErrorMessage(result.error)).toBe(PARSING_ERROR_MESSAGE);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("test: the answer is not the contract's shape"));
    logged.mockRestore();
  });

  it("refuses the answer of an endpoint that declares no shape", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubServer(() => json(200, user));
    const api = apiOf(env);
    expect((await baseQueryWithReauth("/api/user/me", api, {})).error).toMatchObject({ status: "PARSING_ERROR" });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("no response shape declared"));
    logged.mockRestore();
  });
});

describe("replacingSession (a branch switch)", () => {
  let env: ReturnType<typeof setup>;
  beforeEach(() => {
    env = setup();
    env.storage.setItem(ID_TOKEN_KEY, "old-branch");
    env.storage.setItem(REFRESH_TOKEN_KEY, "old-session");
  });

  it("a 401 while the switch is on the wire waits for it and retries with its tokens, refreshing nothing", async () => {
    const switched = deferred<void>();
    const server = stubServer((call) =>
      call.authorization === "Bearer new-branch" ? json(200, { path: call.path }) : json(401, { message: "x" }),
    );
    const switching = replacingSession(async () => {
      await switched.promise;
      env.storage.setItem(ID_TOKEN_KEY, "new-branch");
      env.storage.setItem(REFRESH_TOKEN_KEY, "new-session");
    });
    const call = env.query("/api/reception");
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    switched.resolve();
    await switching;
    expect((await call).data).toEqual({ path: "/api/reception" });
    expect(server.callsTo("/auth/refresh_token")).toEqual([]);
    expect(env.store.getState().session.authenticated).toBe(true);
    expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("new-session");
  });

  it("a switch that fails is the caller's error, and the old session goes on", async () => {
    stubServer(() => json(200, {}));
    await expect(replacingSession(() => Promise.reject(new Error("403")))).rejects.toThrow("403");
    expect((await env.query("/api/reception")).data).toEqual({});
    expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("old-session");
  });

  it("a refresh refused while another tab stored a new session signs nobody out: the new tokens stay", async () => {
    const refused = deferred<Response>();
    stubServer((call) => {
      if (call.path === "/auth/refresh_token") return refused.promise;
      return call.authorization === "Bearer new-branch" ? json(200, {}) : json(401, { message: "x" });
    });
    const call = env.query("/api/reception");
    await vi.waitFor(() => expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("old-session"));
    // the other tab's switch ended the shared session and stored its tokens before the refusal came
    env.storage.setItem(ID_TOKEN_KEY, "new-branch");
    env.storage.setItem(REFRESH_TOKEN_KEY, "new-session");
    refused.resolve(json(401, { errorCode: 1011, message: "x" }));
    expect((await call).data).toEqual({});
    expect(env.storage.getItem(REFRESH_TOKEN_KEY)).toBe("new-session");
    expect(env.store.getState().session.authenticated).toBe(true);
  });
});

function apiOf(current: ReturnType<typeof setup>): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: current.store.dispatch,
    getState: current.store.getState,
    extra: undefined,
    endpoint: "test",
    type: "query",
  };
}
