import { WS_CLOSE_UNAUTHORIZED, type ReceptionEvent } from "@pharmacy/contract/live/realtime";
import { describe, expect, it, vi } from "vitest";
import { makeReception } from "../../test-utils/receptions";
import { LiveConnection, reconnectDelay, type SocketLike } from "./live-connection";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  // what the server does
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(refreshOutcome: "refreshed" | "logged-out" | "unreachable" = "refreshed", view?: "board") {
  const sockets: FakeSocket[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  let idToken = "token-1";
  const refreshIdToken = vi.fn(async () => {
    idToken = "token-2";
    return refreshOutcome;
  });
  const connection = new LiveConnection({
    url: "ws://test/ws",
    view,
    getIdToken: () => idToken,
    getSessionId: () => "33333333-3333-4333-8333-333333333333",
    refreshIdToken,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    setTimer: (callback, ms) => {
      const timer = { callback, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  const runTimers = () => {
    for (const timer of timers.splice(0)) timer.callback();
  };
  return { connection, sockets, timers, runTimers, refreshIdToken };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the live connection", () => {
  it("backs off 1 s, 2 s, then retries every 4 s, so a screen is live again soon after the server returns", () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 4000, 4000, 4000]);
  });

  it("opens one socket for any number of subscribers and authenticates first", () => {
    const { connection, sockets } = setup();
    connection.subscribe({});
    connection.subscribe({});
    expect(sockets).toHaveLength(1);
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({
      type: "auth",
      idToken: "token-1",
      sessionId: "33333333-3333-4333-8333-333333333333",
    });
  });

  it("asks for the board view on the calling display's socket", () => {
    const { connection, sockets } = setup("refreshed", "board");
    connection.subscribe({});
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toMatchObject({ type: "auth", view: "board" });
  });

  it("hands reception events to every subscriber and skips frames it does not know", () => {
    const { connection, sockets } = setup();
    const first = vi.fn();
    const second = vi.fn();
    connection.subscribe({ onEvent: first });
    connection.subscribe({ onEvent: second });
    sockets[0]!.open();
    sockets[0]!.receive({ type: "auth.ok" });
    const event: ReceptionEvent = { type: "reception.created", reception: makeReception() };
    sockets[0]!.receive(event);
    sockets[0]!.receive({ type: "something.else" });
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith(event);
    expect(second).toHaveBeenCalledTimes(1);
    expect(connection.status).toBe("open");
  });

  it("reconnects with growing delays and tells subscribers to refetch once back", async () => {
    const { connection, sockets, timers, runTimers } = setup();
    const onReconnected = vi.fn();
    connection.subscribe({ onReconnected });
    sockets[0]!.open();
    sockets[0]!.receive({ type: "auth.ok" });
    expect(onReconnected).not.toHaveBeenCalled();

    sockets[0]!.drop();
    await flush();
    expect(connection.status).toBe("reconnecting");
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    runTimers();
    sockets[1]!.drop();
    await flush();
    expect(timers.map((timer) => timer.ms)).toEqual([2000]);
    runTimers();
    sockets[2]!.open();
    sockets[2]!.receive({ type: "auth.ok" });
    expect(onReconnected).toHaveBeenCalledTimes(1);

    // After a good connection the backoff starts again at 1 s.
    sockets[2]!.drop();
    await flush();
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
  });

  it("tells subscribers to refetch when the server says it may have missed changes (resync), and hands them no event", () => {
    const { connection, sockets } = setup();
    const onReconnected = vi.fn();
    const onEvent = vi.fn();
    connection.subscribe({ onReconnected, onEvent });
    sockets[0]!.open();
    sockets[0]!.receive({ type: "auth.ok" });
    sockets[0]!.receive({ type: "resync" });
    expect(onReconnected).toHaveBeenCalledTimes(1);
    expect(onEvent).not.toHaveBeenCalled();
    expect(connection.status).toBe("open");
  });

  it("refreshes the id token before reconnecting after a 4401 close", async () => {
    const { connection, sockets, runTimers, refreshIdToken } = setup();
    connection.subscribe({});
    sockets[0]!.open();
    sockets[0]!.drop(WS_CLOSE_UNAUTHORIZED);
    await flush();
    expect(refreshIdToken).toHaveBeenCalledTimes(1);
    runTimers();
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!).idToken).toBe("token-2");
  });

  it("stays closed when the refresh logged the user out", async () => {
    const { connection, sockets, timers } = setup("logged-out");
    connection.subscribe({});
    sockets[0]!.open();
    sockets[0]!.drop(WS_CLOSE_UNAUTHORIZED);
    await flush();
    expect(timers).toHaveLength(0);
  });

  it("restarts on the tokens now stored: the old socket is closed and never heard again, the new one authenticates anew", async () => {
    const { connection, sockets, timers } = setup();
    const onEvent = vi.fn();
    const onReconnected = vi.fn();
    connection.subscribe({ onEvent, onReconnected });
    sockets[0]!.open();
    sockets[0]!.receive({ type: "auth.ok" });
    connection.restart();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
    // what the old branch's socket still brings, and its 4401, reach nobody
    sockets[0]!.receive({ type: "reception.created", reception: makeReception() });
    sockets[0]!.drop(WS_CLOSE_UNAUTHORIZED);
    await flush();
    expect(onEvent).not.toHaveBeenCalled();
    expect(timers).toHaveLength(0);
    expect(connection.status).toBe("connecting");
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!)).toMatchObject({ type: "auth", idToken: "token-1" });
    sockets[1]!.receive({ type: "auth.ok" });
    // a first connection on the new session: the caches were dropped, nothing to refetch
    expect(onReconnected).not.toHaveBeenCalled();
    expect(connection.status).toBe("open");
  });

  it("a restart with nobody listening opens nothing", () => {
    const { connection, sockets } = setup();
    connection.restart();
    expect(sockets).toHaveLength(0);
    expect(connection.status).toBe("idle");
  });

  it("closes the socket and stops retrying when the last subscriber leaves", async () => {
    const { connection, sockets, timers } = setup();
    const leaveFirst = connection.subscribe({});
    const leaveSecond = connection.subscribe({});
    sockets[0]!.open();
    leaveFirst();
    expect(sockets[0]!.closedWith).toBeUndefined();
    leaveSecond();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(connection.status).toBe("idle");
    await flush();
    expect(timers).toHaveLength(0);
  });
});
