import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql } from "kysely";
import type { Db } from "../db/schema.js";

/** Counters whose window is over are deleted at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * One rule's counters (a route and its limit; the plugin's `child`) per address, in PostgreSQL. One
 * atomic upsert per request counts it, starting a new window once the last one is over, on the
 * database's clock, which every process shares.
 */
class PostgresCounters implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly rule: string,
    private readonly sweep: () => void,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.sweep();
    sql<{ hits: number; ttl_ms: number }>`
      insert into rate_limit_counters as c (key, hits, expires_at)
      values (${this.rule + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
        expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
      returning hits, ceil(extract(epoch from (expires_at - now())) * 1000)::int as ttl_ms`
      .execute(this.db)
      .then(
        ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: Math.max(0, rows[0]!.ttl_ms) }),
        (error: Error) => callback(error),
      );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
    // what the plugin passes is the route's merged limit options, not the route options its types name
    const limit = routeOptions as unknown as { routeInfo?: { method?: string; url?: string }; max?: unknown };
    const { method = "", url = "" } = limit.routeInfo ?? {};
    // the limit is part of the rule: processes configured alike share counts, one configured otherwise counts its own
    const max = typeof limit.max === "number" ? limit.max : "";
    return new PostgresCounters(this.db, `${method} ${url} ${max} `, this.sweep);
  }
}

/** @fastify/rate-limit's store on PostgreSQL, so that every process of a deployment counts the same requests. */
export function sharedRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    db.deleteFrom("rate_limit_counters")
      .where("expires_at", "<", sql<Date>`now()`)
      .execute()
      .catch(() => (lastSweep = 0));
  };
  return class extends PostgresCounters {
    constructor() {
      super(db, "", sweep);
    }
  };
}
