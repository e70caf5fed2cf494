/** What the wake lock needs of the browser (`navigator`, `document`; fakes in tests). */
export interface WakeLockHost {
  wakeLock?: { request(type: "screen"): Promise<{ released: boolean; release(): Promise<void> }> };
}
export type VisibilityHost = Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;

/**
 * Keeps the screen on while the display is shown (Screen Wake Lock API). The browser drops the lock
 * whenever the page is hidden, so it is asked for again each time the page is visible. Where the API
 * is missing or refuses, nothing happens: the TV's own sleep setting must then be off (README).
 * Returns the function that lets the screen sleep again.
 */
export function keepScreenAwake(host: WakeLockHost, page: VisibilityHost): () => void {
  const wakeLock = host.wakeLock;
  if (!wakeLock) return () => undefined;
  let sentinel: { released: boolean; release(): Promise<void> } | null = null;
  let stopped = false;

  const acquire = () => {
    if (page.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
    wakeLock.request("screen").then(
      (granted) => {
        if (stopped) void granted.release().catch(() => undefined);
        else sentinel = granted;
      },
      () => undefined,
    );
  };

  acquire();
  page.addEventListener("visibilitychange", acquire);
  return () => {
    stopped = true;
    page.removeEventListener("visibilitychange", acquire);
    void sentinel?.release().catch(() => undefined);
  };
}
