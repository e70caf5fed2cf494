import type { OrganizationToday } from "@pharmacy/contract/organization/organization";
import { RECEPTION_EVENT_TYPES, type ServerFrame } from "@pharmacy/contract/live/realtime";
import type { LiveBus } from "../../live/live-bus.js";

/**
 * How long the changes of an organisation's branches are gathered into one frame: a busy chain's 本部
 * screen gets at most a couple of frames a second, each read in the same few grouped queries as the day.
 */
export const ORGANIZATION_DAY_BATCH_MS = 500;

const RECEPTION_CHANGES = new Set<string>(RECEPTION_EVENT_TYPES);

export interface OrganizationDayFeedDeps {
  bus: LiveBus;
  /** The organisation a branch belongs to; asked once per branch, as a branch never moves. */
  organizationOf(pharmacyId: string): Promise<string | undefined>;
  /** The day's rows of these branches of the organisation (the organisation's `today`). */
  dayOf(organizationId: string, branchIds: readonly string[]): Promise<OrganizationToday>;
  onError(error: unknown): void;
}

type Send = (frame: ServerFrame) => void;

/**
 * The 本部 screens' live rows (docs/rules.md#organisations): every process hears every branch's reception
 * changes on the live bus; one that holds sockets of the branch's organisation (its admins' `organization`
 * view) reads the changed branches' rows once per batch and sends them to those sockets alone. A process
 * with no such socket reads nothing.
 */
export class OrganizationDayFeed {
  private readonly subscribers = new Map<string, Set<Send>>();
  private readonly organizationOfBranch = new Map<string, string>();
  private readonly changedBranches = new Map<string, Set<string>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: OrganizationDayFeedDeps) {}

  listen(): void {
    this.deps.bus.onChange((change) => {
      if (!RECEPTION_CHANGES.has(change.type) || this.subscribers.size === 0) return;
      this.branchChanged(change.pharmacyId).catch(this.deps.onError);
    });
    // changes of any branch may have been missed: the screens read the whole day again
    this.deps.bus.onResync(() => {
      for (const sockets of this.subscribers.values()) for (const send of sockets) send({ type: "resync" });
    });
  }

  /** A socket of the organisation's admin: it gets the organisation's rows until the returned function is called. */
  subscribe(organizationId: string, send: Send): () => void {
    let sockets = this.subscribers.get(organizationId);
    if (!sockets) this.subscribers.set(organizationId, (sockets = new Set()));
    sockets.add(send);
    return () => {
      sockets.delete(send);
      if (sockets.size > 0) return;
      this.subscribers.delete(organizationId);
      clearTimeout(this.timers.get(organizationId));
      this.timers.delete(organizationId);
      this.changedBranches.delete(organizationId);
    };
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.subscribers.clear();
  }

  private async branchChanged(pharmacyId: string): Promise<void> {
    let organizationId = this.organizationOfBranch.get(pharmacyId);
    if (organizationId === undefined) {
      organizationId = await this.deps.organizationOf(pharmacyId);
      if (organizationId === undefined) return;
      this.organizationOfBranch.set(pharmacyId, organizationId);
    }
    if (!this.subscribers.has(organizationId)) return;
    let branches = this.changedBranches.get(organizationId);
    if (!branches) this.changedBranches.set(organizationId, (branches = new Set()));
    branches.add(pharmacyId);
    const id = organizationId;
    if (!this.timers.has(id))
      this.timers.set(
        id,
        setTimeout(() => this.sendRows(id).catch(this.deps.onError), ORGANIZATION_DAY_BATCH_MS),
      );
  }

  private async sendRows(organizationId: string): Promise<void> {
    this.timers.delete(organizationId);
    const branchIds = [...(this.changedBranches.get(organizationId) ?? [])];
    this.changedBranches.delete(organizationId);
    if (branchIds.length === 0 || !this.subscribers.has(organizationId)) return;
    const day = await this.deps.dayOf(organizationId, branchIds);
    const frame: ServerFrame = { type: "organization.day.updated", date: day.date, branches: day.branches };
    for (const send of this.subscribers.get(organizationId) ?? []) send(frame);
  }
}
