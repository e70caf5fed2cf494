import Fastify from "fastify";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startPeriodicJob } from "../src/lib/periodic-job.js";

/** A logger whose lines are kept, parsed. */
function keptLog() {
  const lines: { level: number; msg: string; count?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: Fastify({ logger: { level: "info", stream } }).log, lines };
}

afterEach(() => {
  vi.useRealTimers();
});

/** A job every second whose runs last until `finish()`, on fake timers: how many started, whether the last ended. */
function slowJob() {
  vi.useFakeTimers();
  const job = { runs: 0, finished: false, finish: () => undefined as void, stop: async () => undefined as void };
  job.stop = startPeriodicJob(
    {
      name: "test sweep",
      intervalMs: 1_000,
      run: () => {
        job.runs++;
        job.finished = false;
        return new Promise<void>((resolve) => (job.finish = resolve)).then(() => {
          job.finished = true;
        });
      },
    },
    keptLog().log,
  );
  return job;
}

describe("a periodic job (the sweeps)", () => {
  it("never runs twice at once: ticks during a slow run pass", async () => {
    const job = slowJob();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.runs).toBe(1);
    job.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.runs).toBe(2);
    job.finish();
    await job.stop();
  });

  it("logs what a run did when it did something, and a failed run by the job's name", async () => {
    vi.useFakeTimers();
    const { log, lines } = keptLog();
    const results = [
      { count: 0, done: "nothing deleted" },
      { count: 3, done: "3 rows deleted" },
    ];
    let call = 0;
    const stop = startPeriodicJob(
      {
        name: "test sweep",
        intervalMs: 1_000,
        run: async () => {
          const result = results[call++];
          if (!result) throw new Error("the database went away");
          return result;
        },
      },
      log,
    );
    await vi.advanceTimersByTimeAsync(3_000);
    await stop();
    expect(lines.map(({ msg, count }) => [msg, count])).toEqual([
      ["3 rows deleted", 3],
      ["test sweep failed", undefined],
    ]);
    expect(lines[1]!.level).toBe(50);
  });

  it("stopping waits for the run in progress, and no run starts after it", async () => {
    const job = slowJob();
    await vi.advanceTimersByTimeAsync(1_000);
    const stopped = job.stop().then(() => job.finished);
    job.finish();
    expect(await stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.runs).toBe(1);
  });
});
