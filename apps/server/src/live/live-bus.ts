import { sql } from "kysely";
import type { LiveView, ServerFrame } from "@pharmacy/contract/live/realtime";
import type { Role } from "@pharmacy/contract/auth/roles";
import type { DatabaseHandle, Unlisten } from "../db/database.js";
import type { Db } from "../db/schema.js";
import type { LiveChange, LiveChangeType } from "./live-change.js";

const CHANNEL = "live_changes";

/**
 * Builds the frames of a change for the views that have subscribers here, from one load (one query)
 * read with `db`, the bus's view whose queries count as frame building's: a view left out gets nothing
 * (e.g. the row is gone).
 */
export type FrameBuilder = (
  change: LiveChange,
  views: ReadonlySet<LiveView>,
  db: Db,
) => Promise<Partial<Record<LiveView, ServerFrame>>>;

/** Which roles' sockets of each view a builder's frames go to; a view not named gets none. */
export type FrameRecipients = Partial<Record<LiveView, readonly Role[]>>;

/** What the queries of frame building are counted under (`database_queries_total{origin}`). */
export const FRAME_QUERIES = "live_frames";

/** One socket (or any other listener) of a branch: a staff screen, or a calling display (`view: "board"`). */
export interface LiveSubscriber {
  pharmacyId: string;
  /** Which frames it gets: a display never gets a reception frame (names), a staff screen not the board. Default staff. */
  view?: LiveView;
  role: Role;
  /** Changes this session made are not sent back to it: its own request already answered it. */
  sessionId?: string | undefined;
  send(frame: ServerFrame): void;
}

/**
 * The app's live channel. Changes travel as PostgreSQL notifications, so every process of a
 * scaled-out deployment hears every change; each process builds a change's frames once, with one
 * load for all its views (the builder its feature registered), and only when it has subscribers of that
 * branch who get them; then sends them to those subscribers.
 */
export class LiveBus {
  private readonly subscribers = new Map<string, Set<LiveSubscriber>>();
  private readonly changeHooks: Array<(change: LiveChange) => void> = [];
  private readonly resyncHooks: Array<() => void> = [];
  private readonly builders = new Map<LiveChangeType, { build: FrameBuilder; recipients: FrameRecipients }>();
  private builds = 0;
  private unlisten: Unlisten | undefined;
  /** What builders read with: the database, its queries counted as frame building's. */
  private readonly frameDb: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly onError: (error: unknown) => void,
  ) {
    this.frameDb = database.countingAs(FRAME_QUERIES);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => {
        const change = JSON.parse(payload) as LiveChange;
        this.runHooks(change);
        this.deliver(change).catch(this.onError);
      },
      () => this.resync(),
    );
  }

  /** Changes were missed (the LISTEN connection dropped): caches drop what they hold, every socket refetches. */
  private resync(): void {
    for (const hook of this.resyncHooks) hook();
    for (const subscribers of this.subscribers.values()) {
      for (const subscriber of subscribers) subscriber.send({ type: "resync" });
    }
  }

  /** Called when changes of any branch may have been missed: whatever was kept up to date by changes is stale. */
  onResync(hook: () => void): void {
    this.resyncHooks.push(hook);
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.subscribers.clear();
  }

  /** Queues the changes as notifications of the caller's transaction: PostgreSQL sends them when it commits, and drops them if it rolls back. */
  async notify(trx: Db, changes: LiveChange[]): Promise<void> {
    if (changes.length === 0) return;
    // one round trip for all of them, in their order
    const payloads = changes.map((change) => JSON.stringify(change));
    await sql`select pg_notify(${CHANNEL}, payload) from unnest(${payloads}::text[]) with ordinality as t(payload, n) order by n`.execute(
      trx,
    );
  }

  /** Runs the change hooks in this process at once after commit, before the notification comes back. */
  committed(changes: LiveChange[]): void {
    for (const change of changes) this.runHooks(change);
  }

  /** Called for every change of any branch, from any process, whether or not anyone subscribes. */
  onChange(hook: (change: LiveChange) => void): void {
    this.changeHooks.push(hook);
  }

  /** How a feature turns its changes into frames, all views at once, and which roles' sockets of each view get them. */
  buildFramesWith(types: readonly LiveChangeType[], build: FrameBuilder, recipients: FrameRecipients): void {
    for (const type of types) this.builders.set(type, { build, recipients });
  }

  /** Changes this process built frames for (at most once each). */
  framesBuilt(): number {
    return this.builds;
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    let set = this.subscribers.get(subscriber.pharmacyId);
    if (!set) this.subscribers.set(subscriber.pharmacyId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(subscriber.pharmacyId);
    };
  }

  subscriberCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private runHooks(change: LiveChange): void {
    for (const hook of this.changeHooks) hook(change);
  }

  /** A change's frames are built once, for the views of the subscribers that get them; not at all when none is here. */
  private async deliver(change: LiveChange): Promise<void> {
    const builder = this.builders.get(change.type);
    if (!builder) return;
    const byView = new Map<LiveView, LiveSubscriber[]>();
    for (const subscriber of this.subscribers.get(change.pharmacyId) ?? []) {
      const view = subscriber.view ?? "staff";
      // a staff tab's own change came back in its response; a display shows every change
      if (view === "staff" && change.originSessionId && subscriber.sessionId === change.originSessionId) continue;
      if (!builder.recipients[view]?.includes(subscriber.role)) continue;
      const recipients = byView.get(view);
      if (recipients) recipients.push(subscriber);
      else byView.set(view, [subscriber]);
    }
    if (byView.size === 0) return;
    this.builds += 1;
    const frames = await builder.build(change, new Set(byView.keys()), this.frameDb);
    for (const [view, recipients] of byView) {
      const frame = frames[view];
      if (frame) for (const subscriber of recipients) subscriber.send(frame);
    }
  }
}
