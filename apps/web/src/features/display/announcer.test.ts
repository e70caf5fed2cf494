import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STEP_LIMIT_MS, createAnnouncer, type AnnouncementOutput } from "./announcer";

/** An output whose chime and sentences end when the test says so, logging what happens in order. */
function fakeOutput() {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  const step = (entry: string) => {
    log.push(entry);
    return new Promise<void>((resolve) => pending.push(() => resolve()));
  };
  const output: AnnouncementOutput = { chime: () => step("chime"), speak: (text) => step(`speak ${text}`) };
  const finishCurrent = async () => {
    pending.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { output, log, finishCurrent };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the announcer", () => {
  it("chimes, then says the sentence", async () => {
    const { output, log, finishCurrent } = fakeOutput();
    const said = createAnnouncer(output).announce("受付番号 12番の方");
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(["chime"]);
    await finishCurrent();
    expect(log).toEqual(["chime", "speak 受付番号 12番の方"]);
    await finishCurrent();
    await expect(said).resolves.toBeUndefined();
  });

  it("says two quick calls one after the other, in order, each in full", async () => {
    const { output, log, finishCurrent } = fakeOutput();
    const announcer = createAnnouncer(output);
    void announcer.announce("12");
    void announcer.announce("13");
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(["chime"]);
    await finishCurrent();
    await finishCurrent();
    expect(log).toEqual(["chime", "speak 12", "chime"]);
    await finishCurrent();
    await finishCurrent();
    expect(log).toEqual(["chime", "speak 12", "chime", "speak 13"]);
  });

  it("goes on with the next call when a chime or a sentence never ends (a stuck audio device)", async () => {
    const { output, log } = fakeOutput();
    const announcer = createAnnouncer(output);
    void announcer.announce("12");
    void announcer.announce("13");
    await vi.advanceTimersByTimeAsync(STEP_LIMIT_MS.chime);
    expect(log).toEqual(["chime", "speak 12"]);
    await vi.advanceTimersByTimeAsync(STEP_LIMIT_MS.speech);
    await vi.advanceTimersByTimeAsync(STEP_LIMIT_MS.chime);
    expect(log).toEqual(["chime", "speak 12", "chime", "speak 13"]);
  });

  it("goes on after a chime that fails", async () => {
    const log: string[] = [];
    const announcer = createAnnouncer({
      chime: () => Promise.reject(new Error("no audio")),
      speak: async (text) => {
        log.push(text);
      },
    });
    await announcer.announce("12");
    expect(log).toEqual(["12"]);
  });
});
