import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from "@reduxjs/toolkit/query";
import { RefreshTokenResponseSchema } from "@pharmacy/contract/auth/auth";
import { WS_SESSION_HEADER } from "@pharmacy/contract/auth/session-header";
import { isRefusal } from "./api-error";
import { env } from "../browser/env";
import { reset, selectWsSessionId, type SessionState } from "../auth/session";
import { getIdToken, getRefreshToken, removeTokens, storeIdToken } from "../auth/token-storage";
import { leaveNoticeForLogin } from "../auth/login-notice";
import { checkedResponse, type ApiExtraOptions } from "./response-shape";
import { requestLanguageHeader } from "../i18n/request-language";

export const REQUEST_TIMEOUT_MS = 20_000;
const REFRESH_TOKEN_URL = "/auth/refresh_token";

export type ApiBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions | undefined,
  FetchBaseQueryMeta
>;

export const rawBaseQuery = fetchBaseQuery({
  baseUrl: env.VITE_API_BASE_URL,
  credentials: "include",
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers, { getState, arg }) {
    // only the session slice is read, which every store has: the root state's type would make a loop
    // (api → base query → root reducer → api)
    headers.set(WS_SESSION_HEADER, selectWsSessionId(getState() as { session: SessionState }));
    const idToken = getIdToken();
    if (idToken) headers.set("Authorization", `Bearer ${idToken}`);
    // Uploads must let the browser write the multipart boundary itself.
    const isFormData = typeof arg !== "string" && arg.body instanceof FormData;
    if (!isFormData && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    // The kiosk's patient chose a language: the reception it makes keeps it (Japanese on staff screens).
    headers.set("Accept-Language", requestLanguageHeader()["accept-language"]);
    return headers;
  },
});

export type RefreshOutcome =
  | { kind: "refreshed" }
  | { kind: "logged-out" }
  /** The server could not be reached: the tokens may still be good, so nobody is logged out. */
  | { kind: "unreachable"; error: FetchBaseQueryError };

// The shared promise is the lock: every 401 that arrives while it is pending waits for the same refresh.
let refreshInFlight: Promise<RefreshOutcome> | null = null;

function refreshIdToken(api: BaseQueryApi): Promise<RefreshOutcome> {
  refreshInFlight ??= performRefresh(api).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function performRefresh(api: BaseQueryApi): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return logOut(api);
  const result = await rawBaseQuery({ url: REFRESH_TOKEN_URL, method: "POST", body: { refreshToken } }, api, {});
  // A busy or restarting server is no reason to sign a counter tablet out: only a refusal ends the session.
  if (result.error && !isRefusal(result.error)) return { kind: "unreachable", error: result.error };
  const parsed = RefreshTokenResponseSchema.safeParse(result.data);
  if (!parsed.success) {
    // another tab stored a new session while this refresh was on the wire (its branch switch ended the
    // session the tabs shared): this tab goes on with that one, and follows it on the storage event
    if (getRefreshToken() !== refreshToken) return { kind: "refreshed" };
    // the server ended this session (a password reset, a role change, a sign-out elsewhere): the login says so
    leaveNoticeForLogin("session-ended");
    return logOut(api);
  }
  storeIdToken(parsed.data.idToken);
  return { kind: "refreshed" };
}

function logOut(api: BaseQueryApi): RefreshOutcome {
  removeTokens();
  api.dispatch(reset());
  return { kind: "logged-out" };
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === "string" ? args : args.url;
}

/**
 * The same shared refresh for callers outside RTK Query (the live-events socket, closed with 4401 when
 * its id token has expired): joins a refresh already running, so a socket and a 401 never refresh twice.
 */
export function refreshIdTokenOutsideQuery(
  store: Pick<BaseQueryApi, "dispatch" | "getState">,
): Promise<RefreshOutcome> {
  const controller = new AbortController();
  const api: BaseQueryApi = {
    ...store,
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    extra: undefined,
    endpoint: "refreshIdToken",
    type: "mutation",
  };
  return refreshIdToken(api);
}

/**
 * Runs a call that replaces this tab's session (a branch switch, which stores the new tokens) in the
 * refresh's place: the server ends the session being left, and closes its socket with 4401, before the
 * call answers; a 401 or that 4401 meanwhile waits for the call and then goes on with the tokens it
 * stored, rather than refreshing the session just ended, which would sign the person out.
 */
export async function replacingSession<T>(replace: () => Promise<T>): Promise<T> {
  while (refreshInFlight) await refreshInFlight;
  const replaced = replace();
  // failed, the old session goes on: whatever waited goes on with it
  refreshInFlight = replaced.then(REFRESHED, REFRESHED).finally(() => {
    refreshInFlight = null;
  });
  return replaced;
}

const REFRESHED = (): RefreshOutcome => ({ kind: "refreshed" });

/** The /auth calls answer 401 for their own reasons (and refresh_token is the refresh itself). */
function isAuthCall(args: string | FetchArgs): boolean {
  return urlOf(args).replace(/^\/+/, "").startsWith("auth/");
}

/**
 * fetchBaseQuery plus the token refresh of docs/rules.md#the-staff-apps-basics: on a 401, wait for (or start) the one shared refresh,
 * then retry the original call once. No refresh token, or a refresh the server refuses, logs out.
 * The answer is then checked against the shape its endpoint declares (`responds(Schema)`).
 */
export const baseQueryWithReauth: ApiBaseQuery = async (args, api, extraOptions) =>
  checkedResponse(await withReauth(args, api), api.endpoint, extraOptions?.response);

async function withReauth(
  args: string | FetchArgs,
  api: BaseQueryApi,
): Promise<Awaited<ReturnType<typeof rawBaseQuery>>> {
  const sentIdToken = getIdToken();
  const result = await rawBaseQuery(args, api, {});
  if (result.error?.status !== 401 || isAuthCall(args)) return result;

  const currentIdToken = getIdToken();
  // Another call may have refreshed while this one was on the wire: then just retry with the new token.
  const alreadyRefreshed = refreshInFlight === null && currentIdToken !== null && currentIdToken !== sentIdToken;
  if (!alreadyRefreshed) {
    const outcome = await refreshIdToken(api);
    if (outcome.kind === "unreachable") return { error: outcome.error, meta: result.meta };
    if (outcome.kind === "logged-out") return result;
  }
  return rawBaseQuery(args, api, {});
}
