import type { KyselyPlugin } from "kysely";

/** What the queries of no `countedAs` view are counted under. */
const OTHER_QUERIES = "other";

/**
 * Queries run through one database handle, by what made them: every query through Kysely's `log` hook
 * (called once per query), and those of a `countedAs` view under its label as well. A view rather than
 * an AsyncLocalStorage: once one has run, Node 20 runs its async hooks on every promise of the process
 * for good (an awaited call measured 108 → 315 ns), every request included.
 */
export class QueryCounts {
  private total = 0;
  private readonly labelled = new Map<string, number>();

  readonly log = (): void => {
    this.total += 1;
  };

  /**
   * A plugin (for `db.withPlugin`) counting every query of that view under `label` as its result comes
   * back: the query's subqueries, built with the same view, go through `transformQuery` too.
   */
  countedAs(label: string): KyselyPlugin {
    return {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        this.labelled.set(label, (this.labelled.get(label) ?? 0) + 1);
        return result;
      },
    };
  }

  byOrigin(): ReadonlyMap<string, number> {
    const labelled = [...this.labelled.values()].reduce((sum, count) => sum + count, 0);
    return new Map([[OTHER_QUERIES, this.total - labelled], ...this.labelled]);
  }
}
