import { configureStore } from "@reduxjs/toolkit";
import { App } from "antd";
import { useState, type ReactNode } from "react";
import { Provider } from "react-redux";
import { vi } from "vitest";
import { api } from "../lib/api/api";
import { rootReducer } from "../lib/store/root-reducer";

/** One request the component sent: what a test asserts of a button's wiring. */
export interface SentCall {
  method: string;
  path: string;
  body?: unknown;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * A stubbed server at the fetch boundary: every request is recorded (method, path, JSON body), and
 * `answer` gives its response. Call in a test, after `vi.unstubAllGlobals` of the previous one.
 */
export function stubStaffServer(answer: (call: SentCall, url: URL) => Response | Promise<Response>): SentCall[] {
  const calls: SentCall[] = [];
  // RTK Query builds a Request with jsdom's AbortSignal, which Node's Request refuses: drop the signal.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    "Request",
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, { ...init, signal: undefined });
      }
    },
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = request.method === "GET" ? "" : await request.text();
      const call: SentCall = {
        method: request.method,
        path: url.pathname,
        ...(text && { body: JSON.parse(text) as unknown }),
      };
      calls.push(call);
      return answer(call, url);
    }),
  );
  return calls;
}

/** The requests that change something (not the GETs the screen reads with). */
export const changesSent = (calls: SentCall[]) => calls.filter((call) => call.method !== "GET");

/** The real store and API slice; with no token in storage it opens no live socket. */
export const makeStaffStore = () =>
  configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(api.middleware) });

/** A store of its own (or `store`, when the test prepares or reads it), under antd's App for its message and confirm hooks. */
export function StaffProviders({
  children,
  store: given,
}: {
  children: ReactNode;
  store?: ReturnType<typeof makeStaffStore>;
}) {
  const [store] = useState(() => given ?? makeStaffStore());
  return (
    <Provider store={store}>
      <App>{children}</App>
    </Provider>
  );
}

/** What antd's popups measure in jsdom. */
export function stubBrowserLayout(): void {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}
