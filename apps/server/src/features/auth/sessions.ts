import { sql } from "kysely";
import type { DatabaseHandle, Unlisten } from "../../db/database.js";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { ID_TOKEN_TTL_SECONDS } from "./id-tokens.js";

const CHANNEL = "sessions_ended";
const TOKEN_LIFETIME_MS = ID_TOKEN_TTL_SECONDS * 1000;
const RELOAD_RETRY_MS = 1000;

/**
 * The sessions ended within the last id-token lifetime, in memory: checking a token costs no query.
 * Filled at start from the database and kept current across processes by PostgreSQL notifications
 * (read again from the database whenever the LISTEN connection comes back from a drop);
 * past an id token's hour an ended session is forgotten, since every token of it has expired.
 */
export class EndedSessions {
  private readonly ended = new Map<string, number>();
  private readonly watchers = new Map<string, Set<() => void>>();
  private unlisten: Unlisten | undefined;
  private reloadTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
  ) {}

  /** `onReloadFailed`: reading them again after a reconnect failed; it is tried again a second later. */
  async start(onReloadFailed: (error: unknown) => void = () => {}): Promise<void> {
    const reload = () => {
      this.load().catch((error: unknown) => {
        onReloadFailed(error);
        if (!this.stopped) this.reloadTimer = setTimeout(reload, RELOAD_RETRY_MS);
      });
    };
    // sessions ended while the LISTEN connection was away came with no notification
    this.unlisten = await this.database.listen(CHANNEL, (payload) => this.markEnded(JSON.parse(payload) as string[]), () => {
      clearTimeout(this.reloadTimer);
      reload();
    });
    await this.load();
  }

  private async load(): Promise<void> {
    const since = new Date(this.clock.now().getTime() - TOKEN_LIFETIME_MS);
    const { db } = this.database;
    const tokens = await db.selectFrom("refresh_tokens").select("session_id").where("revoked_at", ">", since).execute();
    const devices = await db.selectFrom("devices").select("id").where("deleted_at", ">", since).execute();
    this.markEnded([...tokens.map((row) => row.session_id), ...devices.map((row) => row.id)].filter((id) => !this.ended.has(id)));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reloadTimer);
    await this.unlisten?.();
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

  /** Tells every process, when the caller's transaction commits; call `ended` after the commit for this one. */
  async announce(trx: Db, sessionIds: string[]): Promise<void> {
    if (sessionIds.length > 0) await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(sessionIds)})`.execute(trx);
  }

  /** Ends them in this process at once, before the notification comes back. */
  markEnded(sessionIds: string[]): void {
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
