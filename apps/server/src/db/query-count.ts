import { AsyncLocalStorage } from "node:async_hooks";
import type { LogEvent } from "kysely";

const origin = new AsyncLocalStorage<string>();

/** What the queries of no `countQueriesAs` are counted under. */
const OTHER_QUERIES = "other";

/** Runs `work` with every query it makes, however deep, counted under `label` (for /metrics and tests). */
export function countQueriesAs<T>(label: string, work: () => Promise<T>): Promise<T> {
  return origin.run(label, work);
}

/** Queries run through one database handle, by what made them: Kysely's `log` hook, called once per query. */
export class QueryCounts {
  private readonly counts = new Map<string, number>();

  readonly log = (_event: LogEvent): void => {
    const label = origin.getStore() ?? OTHER_QUERIES;
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
  };

  byOrigin(): ReadonlyMap<string, number> {
    return this.counts;
  }
}
