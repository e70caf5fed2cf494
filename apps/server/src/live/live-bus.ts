import { sql } from "kysely";
import type { LiveView, ServerFrame } from "@pharmacy/contract/realtime";
import { ROLES, type Role } from "@pharmacy/contract/roles";
import type { DatabaseHandle, Unlisten } from "../db/database.js";
import type { Db } from "../db/schema.js";
import type { LiveChange, LiveChangeType } from "./live-change.js";

const CHANNEL = "live_changes";

/** Builds the frame of a change (undefined: nothing to send, e.g. the row is gone). */
export type FrameBuilder = (change: LiveChange) => Promise<ServerFrame | undefined>;

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
 * scaled-out deployment hears every change; each process builds a change's frame once (with the
 * builder its feature registered) and sends it to its own subscribers of that branch.
 */
export class LiveBus {
  private readonly subscribers = new Map<string, Set<LiveSubscriber>>();
  private readonly changeHooks: Array<(change: LiveChange) => void> = [];
  private readonly resyncHooks: Array<() => void> = [];
  private readonly builders = new Map<LiveView, Map<LiveChangeType, { build: FrameBuilder; roles: readonly Role[] }>>();
  private unlisten: Unlisten | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly onError: (error: unknown) => void,
  ) {}

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
    for (const change of changes) await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`.execute(trx);
  }

  /** Runs the change hooks in this process at once after commit, before the notification comes back. */
  committed(changes: LiveChange[]): void {
    for (const change of changes) this.runHooks(change);
  }

  /** Called for every change of any branch, from any process, whether or not anyone subscribes. */
  onChange(hook: (change: LiveChange) => void): void {
    this.changeHooks.push(hook);
  }

  /** How a feature turns its changes into the frames of one view, and which roles' sockets get them (people's by default). */
  buildFramesWith(types: readonly LiveChangeType[], build: FrameBuilder, { view = "staff", roles = ROLES.people }: { view?: LiveView; roles?: readonly Role[] } = {}): void {
    let byType = this.builders.get(view);
    if (!byType) this.builders.set(view, (byType = new Map()));
    for (const type of types) byType.set(type, { build, roles });
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

  /** Each view's frame is built once per change, and only when a subscriber of that view is here. */
  private async deliver(change: LiveChange): Promise<void> {
    const byView = new Map<LiveView, LiveSubscriber[]>();
    for (const subscriber of this.subscribers.get(change.pharmacyId) ?? []) {
      const view = subscriber.view ?? "staff";
      // a staff tab's own change came back in its response; a display shows every change
      if (view === "staff" && change.originSessionId && subscriber.sessionId === change.originSessionId) continue;
      byView.set(view, [...(byView.get(view) ?? []), subscriber]);
    }
    await Promise.all(
      [...byView].map(async ([view, subscribers]) => {
        const builder = this.builders.get(view)?.get(change.type);
        const recipients = builder ? subscribers.filter((subscriber) => builder.roles.includes(subscriber.role)) : [];
        if (!builder || recipients.length === 0) return;
        const frame = await builder.build(change);
        if (!frame) return;
        for (const subscriber of recipients) subscriber.send(frame);
      }),
    );
  }
}
