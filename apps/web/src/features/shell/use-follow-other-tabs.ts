import { isDeviceRole } from "@pharmacy/contract/auth/roles";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { followNewSession } from "../../lib/auth/follow-new-session";
import { REFRESH_TOKEN_KEY } from "../../lib/auth/token-storage";
import { useAppStore } from "../../lib/store/store-hooks";

/**
 * Tabs share the stored tokens: when another tab switches branch (or signs in anew), its new session
 * replaces this one's, so this tab follows it on the same screen (followNewSession: its socket, cached
 * answers and person start again on the new session). A tab that became a kiosk or calling display,
 * or a person who cannot be read, loads the app anew instead.
 */
export function useFollowSwitchesOfOtherTabs(): void {
  const store = useAppStore();
  const navigate = useNavigate();
  const router = useRouter();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== REFRESH_TOKEN_KEY || !event.oldValue || !event.newValue || event.oldValue === event.newValue)
        return;
      void followNewSession(store).then((user) => {
        if (!user || isDeviceRole(user.role)) window.location.assign("/");
        // the screen's search may name a record of the old branch (a reception): the screen alone
        else void navigate({ to: router.state.location.pathname, replace: true });
      });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [store, navigate, router]);
}
