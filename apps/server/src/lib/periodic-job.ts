import type { FastifyBaseLogger } from "fastify";

/** A job run every so often in every process: the sweeps of receptions, notices, follow-ups and records. */
export interface PeriodicJob {
  /** Written in the log when a run fails, e.g. "retention sweep failed". */
  name: string;
  intervalMs: number;
  /** One run; what it deleted or sent, logged when there was any. */
  run: () => Promise<{ count: number; done: string } | void>;
}

/**
 * Runs `job` every `intervalMs`, never two runs at once (a tick during a run passes); the timer keeps
 * no process alive. The returned function stops it and waits for a run in progress, so a closing
 * server does not close the database under it.
 */
export function startPeriodicJob(job: PeriodicJob, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = job
      .run()
      .then((result) => {
        if (result && result.count > 0) log.info({ count: result.count }, result.done);
      })
      .catch((error: unknown) => log.error({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, job.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
