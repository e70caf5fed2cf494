import { sql } from "kysely";
import type { ServerFrame } from "@pharmacy/contract/realtime";
import type { DatabaseHandle, Unlisten } from "../db/database.js";
import type { Db } from "../db/schema.js";
import type { LiveChange, LiveChangeType } from "./live-change.js";

const CHANNEL = "live_changes";

/** Builds the frame of a change (undefined: nothing to send, e.g. the row is gone). */
export type FrameBuilder = (change: LiveChange) => Promise<ServerFrame | undefined>;

/** One socket (or any other listener) of a branch: a staff screen now, a display device or a visitor's page later. */
export interface LiveSubscriber {
  pharmacyId: string;
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
  private readonly builders = new Map<LiveChangeType, FrameBuilder>();
  private unlisten: Unlisten | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      const change = JSON.parse(payload) as LiveChange;
      this.runHooks(change);
      this.deliver(change).catch(this.onError);
    });
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

  /** How a feature turns its changes into frames. */
  buildFramesWith(types: readonly LiveChangeType[], build: FrameBuilder): void {
    for (const type of types) this.builders.set(type, build);
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

  private runHooks(change: LiveChange): void {
    for (const hook of this.changeHooks) hook(change);
  }

  private async deliver(change: LiveChange): Promise<void> {
    const recipients = [...(this.subscribers.get(change.pharmacyId) ?? [])].filter(
      (subscriber) => !change.originSessionId || subscriber.sessionId !== change.originSessionId,
    );
    if (recipients.length === 0) return;
    const frame = await this.builders.get(change.type)?.(change);
    if (!frame) return;
    for (const subscriber of recipients) subscriber.send(frame);
  }
}
