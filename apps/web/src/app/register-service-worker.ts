import { registerSW } from "virtual:pwa-register";

/** Brief §2/§9: look for a new version this often; with registerType "autoUpdate" it is applied at once. */
export const UPDATE_CHECK_INTERVAL_MS = 5000;

/** Patients' phones open only the public pages (/web/…): they get no staff service worker and no precache. */
const PUBLIC_PAGES_PREFIX = "/web/";

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || location.pathname.startsWith(PUBLIC_PAGES_PREFIX)) return;
  registerSW({
    immediate: true,
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        // Offline, or already installing a new version: nothing to gain from asking again.
        if (!navigator.onLine || registration.installing) return;
        registration.update().catch(() => {
          // A failed check is retried on the next tick; the running version keeps working.
        });
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });
}
