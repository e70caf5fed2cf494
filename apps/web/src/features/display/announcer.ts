/** The two halves of an announcement, as the browser gives them (audio-output.ts) or a test fakes them. */
export interface AnnouncementOutput {
  chime(): Promise<void>;
  /** Says the text; resolves at once, silent, where no Japanese voice exists (the chime alone then). */
  speak(text: string): Promise<void>;
}

/** Longest a chime or a sentence may hold the queue: a stuck audio device must not silence every later call. */
export const STEP_LIMIT_MS = { chime: 5_000, speech: 20_000 } as const;

function withinLimit(step: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    step.then(done, done);
  });
}

export interface Announcer {
  /** Queues the chime and then the sentence; resolves when this one has been said. */
  announce(text: string): Promise<void>;
}

/**
 * Calls are said one after the other, each chime then sentence: two numbers called a second apart are
 * both heard in full, in the order they were called.
 */
export function createAnnouncer(output: AnnouncementOutput): Announcer {
  let tail: Promise<void> = Promise.resolve();
  return {
    announce(text) {
      tail = tail.then(async () => {
        await withinLimit(output.chime(), STEP_LIMIT_MS.chime);
        await withinLimit(output.speak(text), STEP_LIMIT_MS.speech);
      });
      return tail;
    },
  };
}
