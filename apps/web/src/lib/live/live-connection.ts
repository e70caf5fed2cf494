import {
  ServerFrameSchema,
  type LiveView,
  WS_CLOSE_UNAUTHORIZED,
  WS_PATH,
  type ClientAuthFrame,
  type ServerFrame,
} from "@pharmacy/contract/live/realtime";
import { env } from "../browser/env";
import type { RefreshOutcome } from "../api/base-query";

/**
 * A live-events socket of the app, whoever listens (the receptions' day lists and arrival notice on
 * the staff view; the calling display on the board view): it opens with the first subscriber and closes after the
 * last one leaves. It reconnects with backoff, refreshes the id token first when the server closes
 * with 4401, and tells subscribers when it is back, so that they refetch what they may have missed.
 */

export type LiveStatus = "idle" | "connecting" | "open" | "reconnecting";

/** Every frame the server pushes after `auth.ok`; subscribers narrow it by `type`. */
export type LiveEvent = Exclude<ServerFrame, { type: "auth.ok" | "resync" }>;

/** A server frame checked against the contract, or undefined for anything this client does not know. */
export function parseServerFrame(data: unknown): ServerFrame | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(String(data));
  } catch {
    return undefined;
  }
  const parsed = ServerFrameSchema.safeParse(frame);
  return parsed.success ? parsed.data : undefined;
}

export interface LiveListener {
  onEvent?: (event: LiveEvent) => void;
  /**
   * The socket is authorised again after having been down, or the server says it may have missed
   * changes itself (`resync`, after its database connection came back): whatever was missed must be refetched.
   */
  onReconnected?: () => void;
}

/** What the connection needs of a WebSocket (so tests can hand it a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveDependencies {
  url: string;
  /** What the socket follows: the staff's reception frames (default) or the calling display's board. */
  view?: LiveView;
  getIdToken: () => string | null;
  getSessionId: () => string;
  refreshIdToken: () => Promise<RefreshOutcome["kind"]>;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const RECONNECT_BASE_MS = 1000;
// A branch has a handful of screens on one server: a short cap costs nothing, and a screen is live
// again within seconds of the server coming back (a 30 s cap left it 「再接続中」 for ~24 s).
export const RECONNECT_MAX_MS = 4000;

/** 1 s, 2 s, then every 4 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);
}

const NORMAL_CLOSURE = 1000;

export class LiveConnection {
  private readonly listeners = new Set<LiveListener>();
  private readonly statusListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private wasOpen = false;
  private currentStatus: LiveStatus = "idle";
  private readonly createSocket: (url: string) => SocketLike;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: LiveDependencies) {
    this.createSocket = deps.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.setTimer = deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      if (!this.listeners.delete(listener)) return;
      if (this.listeners.size === 0) this.stop();
    };
  }

  onStatusChange(callback: () => void): () => void {
    this.statusListeners.add(callback);
    return () => this.statusListeners.delete(callback);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const callback of this.statusListeners) callback();
  }

  private start(): void {
    this.attempt = 0;
    this.wasOpen = false;
    this.connect();
    if (typeof window !== "undefined") window.addEventListener("online", this.handleOnline);
    if (typeof document !== "undefined") document.addEventListener("visibilitychange", this.handleOnline);
  }

  private stop(): void {
    if (typeof window !== "undefined") window.removeEventListener("online", this.handleOnline);
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", this.handleOnline);
    this.cancelTimer();
    this.dropSocket();
    this.setStatus("idle");
  }

  /** Closes the socket without hearing from it again (neither its frames nor its close). */
  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onclose = null;
    socket.onmessage = null;
    socket.close(NORMAL_CLOSURE);
  }

  /**
   * Starts again on the tokens now stored (the session changed: a branch switch): the socket of the old
   * session is dropped at once, nothing it still brings reaches a listener, and a new one opens for the
   * listeners there are. A first connection again, so its `auth.ok` is no reconnection to refetch after.
   */
  restart(): void {
    this.cancelTimer();
    this.dropSocket();
    this.attempt = 0;
    this.wasOpen = false;
    if (this.listeners.size === 0) {
      this.setStatus("idle");
      return;
    }
    this.connect();
  }

  /** Back online, or the tab shown again, while waiting to retry: try now rather than at the end of the backoff. */
  private readonly handleOnline = () => {
    if (this.timer === null || this.socket) return;
    this.cancelTimer();
    this.connect();
  };

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private connect(): void {
    this.timer = null;
    if (this.listeners.size === 0) return;
    const idToken = this.deps.getIdToken();
    // Signed out: the session reset removes the subscribers, which closes everything.
    if (!idToken) {
      this.setStatus("idle");
      return;
    }
    this.setStatus(this.wasOpen ? "reconnecting" : "connecting");
    const socket = this.createSocket(this.deps.url);
    this.socket = socket;
    socket.onopen = () => {
      const frame: ClientAuthFrame = {
        type: "auth",
        idToken,
        sessionId: this.deps.getSessionId(),
        ...(this.deps.view && { view: this.deps.view }),
      };
      socket.send(JSON.stringify(frame));
    };
    socket.onmessage = (message) => this.handleMessage(message.data);
    socket.onerror = () => {
      // onclose follows and decides what to do
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      void this.handleClose(event.code);
    };
  }

  private handleMessage(data: unknown): void {
    const frame = parseServerFrame(data);
    if (!frame) return;
    if (frame.type === "auth.ok") {
      const reconnected = this.wasOpen;
      this.wasOpen = true;
      this.attempt = 0;
      this.setStatus("open");
      if (reconnected) for (const listener of [...this.listeners]) listener.onReconnected?.();
      return;
    }
    if (frame.type === "resync") {
      for (const listener of [...this.listeners]) listener.onReconnected?.();
      return;
    }
    for (const listener of [...this.listeners]) listener.onEvent?.(frame);
  }

  private async handleClose(code: number): Promise<void> {
    if (this.listeners.size === 0) return;
    this.setStatus("reconnecting");
    if (code === WS_CLOSE_UNAUTHORIZED) {
      const outcome = await this.deps.refreshIdToken();
      // A refused refresh resets the session; its subscribers go away with the cache.
      if (outcome === "logged-out" || this.listeners.size === 0) return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.listeners.size === 0 || this.timer !== null || this.socket) return;
    this.timer = this.setTimer(() => this.connect(), reconnectDelay(this.attempt));
    this.attempt += 1;
  }
}

/** ws(s)://<this origin>/ws, unless VITE_WS_URL names another address. */
export function liveEventsUrl(): string {
  const configured = env.VITE_WS_URL;
  if (configured) return configured;
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}${WS_PATH}`;
}
