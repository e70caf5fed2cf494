import WebSocket from "ws";
import type { ServerFrame } from "@pharmacy/contract/live/realtime";

export interface LiveClient {
  socket: WebSocket;
  events: ServerFrame[];
  closed: Promise<{ code: number }>;
  /** Resolves with the first event that matches, or rejects after the timeout. */
  next(match: (event: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  close(): void;
}

/** A websocket client as the web app uses it: connect, send the auth frame, collect events. */
export async function connectLive(baseUrl: string, frame: unknown): Promise<LiveClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/ws`);
  const events: ServerFrame[] = [];
  const waiters = new Set<{ match: (event: ServerFrame) => boolean; resolve: (event: ServerFrame) => void }>();
  socket.on("message", (data) => {
    const event = JSON.parse(String(data)) as ServerFrame;
    events.push(event);
    for (const waiter of waiters) {
      if (waiter.match(event)) {
        waiters.delete(waiter);
        waiter.resolve(event);
      }
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on("close", (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  return {
    socket,
    events,
    closed,
    next(match, timeoutMs = 5000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter))
            reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
      });
    },
    close: () => socket.close(),
  };
}

export async function connectSignedIn(baseUrl: string, idToken: string, sessionId: string = crypto.randomUUID()) {
  const client = await connectLive(baseUrl, { type: "auth", idToken, sessionId });
  await client.next((event) => event.type === "auth.ok");
  return client;
}
