import { startAbandonedSweep } from "./features/receptions/abandoned-sweep.js";
import { startVisitorNoticeSweep } from "./features/visitor-notices/sweep.js";
import { startFollowUpSweep } from "./features/follow-ups/sweep.js";
import { startRetentionSweep } from "./features/retention/sweep.js";
import type { AppConfig } from "./config/config.js";
import type { ServerApp } from "./server-app.js";
import type { Services } from "./services.js";

/**
 * What runs beside the requests in every process: the live events, the ended sessions, the sweeps and
 * LINE's sends. All of it stops, and what is under way is waited for, when the server closes.
 */
export async function startBackgroundJobs(app: ServerApp, services: Services, config: AppConfig): Promise<void> {
  const { clock, bus, endedSessions, lineDispatcher, notices, receptions, organizationDay, followUpSweep, retention } =
    services;
  await bus.start();
  await endedSessions.start((error) =>
    app.log.warn({ err: error }, "reading ended sessions again after a reconnect failed; retrying"),
  );
  const stopSweep = startAbandonedSweep(
    receptions,
    clock,
    { intervalMs: config.abandonedSweepMs, maxAgeMs: config.unconfirmedReceptionMs },
    app.log,
  );
  const stopNoticeSweep = startVisitorNoticeSweep(notices, config.visitorNoticeSweepMs, app.log);
  const stopFollowUpSweep = startFollowUpSweep(followUpSweep, config.followUpSweepMs, app.log);
  const stopLineSends = lineDispatcher.start(config.line.sendSweepMs);
  const stopRetentionSweep = startRetentionSweep(retention, config.retentionSweepMs, app.log);
  // messages queued before a stop (or by another process) go out now
  lineDispatcher.kick();
  app.addHook("onClose", async () => {
    stopLineSends();
    await Promise.all([stopSweep(), stopNoticeSweep(), stopFollowUpSweep(), stopRetentionSweep()]);
    await notices.drain();
    await followUpSweep.drain();
    await lineDispatcher.drain();
    await endedSessions.stop();
    organizationDay.stop();
    await bus.stop();
  });
}
