import { useEffect } from "react";
import { keepScreenAwake, type WakeLockHost } from "../wake-lock";

/** Keeps the screen on while the component is shown. */
export function useWakeLock(): void {
  useEffect(() => keepScreenAwake(navigator as WakeLockHost, document), []);
}
