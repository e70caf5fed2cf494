import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { LiveBus } from "../../live/live-bus.js";
import type { LiveChange } from "../../live/live-change.js";
import { ID_TOKEN_TTL_SECONDS } from "./id-tokens.js";
import { sessionsEndedSince } from "./repository.js";

const TOKEN_LIFETIME_MS = ID_TOKEN_TTL_SECONDS * 1000;
const RELOAD_RETRY_MS = 1000;

/** What the devices feature offers the refresh call and the ended sessions. */
export interface DeviceSessions {
  /** A fresh id token for a live device's token, or undefined. */
  refresh(deviceToken: string): Promise<string | undefined>;
  /** Ends the device whose token this is; false when it is no device's. */
  signOut(deviceToken: string): Promise<boolean>;
  /** The devices ended since then: their sessions ended with them. */
  endedSince(since: Date): Promise<string[]>;
}

/**
 * The sessions ended within the last id-token lifetime, in memory: checking a token costs no query.
 * Filled at start from the database and kept current across processes by the `session.ended` changes
 * of the live bus (read again from the database whenever the bus may have missed changes);
 * past an id token's hour an ended session is forgotten, since every token of it has expired.
 */
export class EndedSessions {
  private readonly ended = new Map<string, number>();
  private readonly watchers = new Map<string, Set<() => void>>();
  private reloadTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bus: LiveBus,
    private readonly devices: Pick<DeviceSessions, "endedSince">,
  ) {}

  /** `onReloadFailed`: reading them again after a reconnect failed; it is tried again a second later. */
  async start(onReloadFailed: (error: unknown) => void = () => {}): Promise<void> {
    const reload = () => {
      this.load().catch((error: unknown) => {
        onReloadFailed(error);
        if (!this.stopped) this.reloadTimer = setTimeout(reload, RELOAD_RETRY_MS);
      });
    };
    this.bus.onChange((change) => {
      if (change.type === "session.ended") this.markEnded([change.subjectId]);
    });
    // sessions ended while the bus's LISTEN connection was away came with no notification
    this.bus.onResync(() => {
      clearTimeout(this.reloadTimer);
      reload();
    });
    await this.load();
  }

  private async load(): Promise<void> {
    const since = new Date(this.clock.now().getTime() - TOKEN_LIFETIME_MS);
    const ended = [...(await sessionsEndedSince(this.db, since)), ...(await this.devices.endedSince(since))];
    this.markEnded(ended.filter((id) => !this.ended.has(id)));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reloadTimer);
  }

  isEnded(sessionId: string): boolean {
    return this.ended.has(sessionId);
  }

  /** Calls `onEnd` when the session ends (a socket closes itself); the returned function stops watching. */
  watch(sessionId: string, onEnd: () => void): () => void {
    let set = this.watchers.get(sessionId);
    if (!set) this.watchers.set(sessionId, (set = new Set()));
    set.add(onEnd);
    return () => {
      set.delete(onEnd);
      if (set.size === 0) this.watchers.delete(sessionId);
    };
  }

  private markEnded(sessionIds: string[]): void {
    const now = this.clock.now().getTime();
    this.forgetExpired(now);
    for (const sessionId of sessionIds) {
      this.ended.set(sessionId, now);
      for (const onEnd of this.watchers.get(sessionId) ?? []) onEnd();
    }
  }

  private forgetExpired(now: number): void {
    for (const [sessionId, endedAt] of this.ended) {
      if (now - endedAt <= TOKEN_LIFETIME_MS) break;
      this.ended.delete(sessionId);
    }
  }
}

/** The change a unit of work announces when a session of a branch ends: every process ends it once the work commits. */
export function sessionEnded(pharmacyId: string, sessionId: string): LiveChange {
  return { type: "session.ended", pharmacyId, subjectId: sessionId };
}
