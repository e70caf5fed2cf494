import { sql } from "kysely";
import type { Reception } from "@pharmacy/contract/receptions";
import type { ReceptionEvent, ReceptionEventType } from "@pharmacy/contract/realtime";
import type { DatabaseHandle, Unlisten } from "../../db/database.js";

export type { ReceptionEventType };

export interface ReceptionChange {
  type: ReceptionEventType;
  pharmacyId: string;
  receptionId: string;
  originSessionId?: string | undefined;
}

export interface ReceptionEvents {
  publish(change: ReceptionChange): Promise<void>;
}

const CHANNEL = "reception_events";

type Listener = (event: ReceptionEvent) => void;

/**
 * Changes travel as PostgreSQL notifications (ids only: NOTIFY payloads are small), so every
 * process of a scaled-out deployment hears every change; each process then loads the reception
 * once and hands it to its own sockets of that branch.
 */
export class ReceptionEventBus implements ReceptionEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly changeHooks: Array<(pharmacyId: string) => void> = [];
  private unlisten: Unlisten | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly loadReception: (pharmacyId: string, id: string) => Promise<Reception | undefined>,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHANNEL, (payload) => {
      this.deliver(JSON.parse(payload) as ReceptionChange).catch(this.onError);
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.listeners.clear();
  }

  async publish(change: ReceptionChange): Promise<void> {
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`.execute(this.database.db);
  }

  /** Called for every change of any branch, from any process, whether or not a socket listens. */
  onChange(hook: (pharmacyId: string) => void): void {
    this.changeHooks.push(hook);
  }

  subscribe(pharmacyId: string, listener: Listener): () => void {
    let set = this.listeners.get(pharmacyId);
    if (!set) this.listeners.set(pharmacyId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(pharmacyId);
    };
  }

  private async deliver(change: ReceptionChange): Promise<void> {
    for (const hook of this.changeHooks) hook(change.pharmacyId);
    const listeners = this.listeners.get(change.pharmacyId);
    if (!listeners?.size) return;
    const reception = await this.loadReception(change.pharmacyId, change.receptionId);
    if (!reception) return;
    const event: ReceptionEvent = {
      type: change.type,
      reception,
      ...(change.originSessionId && { originSessionId: change.originSessionId }),
    };
    for (const listener of listeners) listener(event);
  }
}
