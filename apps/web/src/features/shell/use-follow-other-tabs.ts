import { useEffect } from "react";
import { REFRESH_TOKEN_KEY } from "../../lib/auth/token-storage";

/**
 * Tabs share the stored tokens: when another tab switches branch (or signs in anew), its new session
 * replaces this one's, so this tab loads anew on it too rather than showing the old branch's screens.
 */
export function useFollowSwitchesOfOtherTabs(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === REFRESH_TOKEN_KEY && event.oldValue && event.newValue && event.oldValue !== event.newValue)
        window.location.assign("/");
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
}
