import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import type { DatabaseHandle } from "../db/database.js";
import { AppError, UnauthorizedError } from "../lib/errors.js";
import { RequestDurations } from "./request-durations.js";

export interface MetricsOptions {
  database: DatabaseHandle;
  /** Without a token, only a local client that came through no proxy may read the metrics. */
  token: string | undefined;
  /** Registers a hook called for every reception change this process hears (its own and other processes'). */
  observeLiveChanges: (hook: () => void) => void;
  /** How many listeners the live bus holds on this process (one per authorised socket). */
  liveSubscriptions: () => number;
  /** How many changes this process built frames for. */
  liveFramesBuilt: () => number;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!timingSafeEqual(digest(given), digest(token))) throw new UnauthorizedError();
    return true;
  }
  const proxied = request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(request.socket.remoteAddress ?? "");
}

/**
 * Prometheus metrics at `/metrics`: request latency by route (its count is the request rate), live
 * changes heard, open sockets, database connections, and Node's own process metrics.
 */
const metricsPlugin: FastifyPluginAsync<MetricsOptions> = async (
  app,
  { database, token, observeLiveChanges, liveSubscriptions, liveFramesBuilt },
) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDurations = new RequestDurations({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route (its _count is the request rate).",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const liveChanges = new Counter({
    name: "live_reception_changes_total",
    help: "Reception changes heard on the live bus (from this and every other process).",
    registers: [registry],
  });
  observeLiveChanges(() => liveChanges.inc());
  new Gauge({
    name: "live_sockets_open",
    help: "Websockets of staff screens open on this process.",
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });
  new Gauge({
    name: "live_subscriptions",
    help: "Listeners of the live bus on this process: one per authorised socket.",
    registers: [registry],
    collect() {
      this.set(liveSubscriptions());
    },
  });
  new Counter({
    name: "live_frame_builds_total",
    help: "Changes this process built frames for: at most once each, and only with a socket of that branch here.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(liveFramesBuilt());
    },
  });
  new Counter({
    name: "database_queries_total",
    help: "Queries run, by what made them (live_frames: building the live frames of changes).",
    labelNames: ["origin"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [origin, count] of database.queryCounts()) this.inc({ origin }, count);
    },
  });
  new Counter({
    name: "database_pool_waits_total",
    help: "Queries that found every pool connection taken and waited for one.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(database.poolStats().waits);
    },
  });
  new Counter({
    name: "database_pool_wait_seconds_total",
    help: "Time those queries waited for a connection, in all.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(database.poolStats().waitSeconds);
    },
  });
  new Gauge({
    name: "database_pool_connections",
    help: "Database connections by state (total, idle, waiting requests).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    requestDurations.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, token)) throw new AppError(403, "メトリクスはこのサーバー上からのみ参照できます。");
    return reply
      .type(registry.contentType)
      .header("Cache-Control", "no-store")
      .send(await registry.metrics());
  });
};

export const metrics = fp(metricsPlugin, { name: "metrics" });
