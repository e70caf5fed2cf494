import type { Db } from "../db/schema.js";
import type { LiveBus } from "./live-bus.js";
import { mergeChanges, type LiveChange } from "./live-change.js";

/** One transaction in progress: its queries go through `db`; what it changed is announced on commit. */
export interface Work {
  readonly db: Db;
  announce(...changes: LiveChange[]): void;
  /**
   * Runs `task` once the outermost transaction has committed (never if it rolls back); the task must not
   * throw. A promise it returns is awaited before the unit of work ends (a deleted file's bytes are gone
   * when the call answers); sending that must not hold the call up is started, not returned.
   */
  afterCommit(task: () => void | Promise<void>): void;
}

/**
 * The one home of "publish after commit": a service runs its writes in a unit of work and says what
 * changed; the changes go out when the outermost transaction commits, and never if it rolls back.
 */
export class UnitOfWork {
  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
  ) {}

  /** Runs `work` in a new transaction, or inside `outer` when the caller already has one. */
  async run<T>(work: (tx: Work) => Promise<T>, outer?: Work): Promise<T> {
    if (outer) return work(outer);
    const announced: LiveChange[] = [];
    const changes: LiveChange[] = [];
    const tasks: Array<() => void | Promise<void>> = [];
    const result = await this.db.transaction().execute(async (trx) => {
      const value = await work({
        db: trx,
        announce: (...more) => announced.push(...more),
        afterCommit: (task) => tasks.push(task),
      });
      changes.push(...mergeChanges(announced));
      await this.bus.notify(trx, changes);
      return value;
    });
    this.bus.committed(changes);
    for (const task of tasks) await task();
    return result;
  }
}
