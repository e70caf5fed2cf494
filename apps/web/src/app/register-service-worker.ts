import { registerSW } from "virtual:pwa-register";

/** Brief §2/§9: look for a new version this often; with registerType "autoUpdate" it is applied at once. */
export const UPDATE_CHECK_INTERVAL_MS = 5000;

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
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
