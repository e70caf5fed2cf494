import { describe, expect, it, vi } from "vitest";
import { keepScreenAwake, type VisibilityHost, type WakeLockHost } from "./wake-lock";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** navigator.wakeLock and document's visibility, faked: the test hides and shows the page. */
function fakeBrowser({ refuse = false } = {}) {
  const sentinels: { released: boolean; release: ReturnType<typeof vi.fn> }[] = [];
  const request = vi.fn(async () => {
    if (refuse) throw new DOMException("not allowed", "NotAllowedError");
    const sentinel = {
      released: false,
      release: vi.fn(async () => {
        sentinel.released = true;
      }),
    };
    sentinels.push(sentinel);
    return sentinel;
  });
  const listeners = new Set<() => void>();
  const page = {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const setVisibility = (state: DocumentVisibilityState) => {
    page.visibilityState = state;
    // the browser releases the lock of a hidden page by itself
    if (state === "hidden") for (const sentinel of sentinels) sentinel.released = true;
    for (const listener of [...listeners]) listener();
  };
  return {
    host: { wakeLock: { request } } as WakeLockHost,
    page: page as unknown as VisibilityHost,
    request,
    sentinels,
    listeners,
    setVisibility,
  };
}

describe("keeping the screen awake", () => {
  it("asks for a screen wake lock at once", async () => {
    const { host, page, request } = fakeBrowser();
    keepScreenAwake(host, page);
    await flush();
    expect(request).toHaveBeenCalledWith("screen");
  });

  it("asks again each time the page is shown after the browser dropped the lock", async () => {
    const { host, page, request, setVisibility } = fakeBrowser();
    keepScreenAwake(host, page);
    await flush();
    setVisibility("hidden");
    await flush();
    expect(request).toHaveBeenCalledTimes(1);
    setVisibility("visible");
    await flush();
    expect(request).toHaveBeenCalledTimes(2);
    // shown again while the lock is still held: no second lock
    setVisibility("visible");
    await flush();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it("lets the screen sleep again when the display goes, and stops listening", async () => {
    const { host, page, sentinels, listeners } = fakeBrowser();
    const stop = keepScreenAwake(host, page);
    await flush();
    stop();
    expect(sentinels[0]!.release).toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });

  it("does nothing where the API is missing or refuses", async () => {
    const { page, listeners } = fakeBrowser();
    expect(() => keepScreenAwake({}, page)()).not.toThrow();
    expect(listeners.size).toBe(0);
    const refusing = fakeBrowser({ refuse: true });
    const stop = keepScreenAwake(refusing.host, refusing.page);
    await flush();
    expect(refusing.request).toHaveBeenCalled();
    stop();
  });
});
