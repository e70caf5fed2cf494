import { registerSW } from "virtual:pwa-register";

/** Brief §2/§9: look for a new version this often; with registerType "autoUpdate" it is applied at once. */
export const UPDATE_CHECK_INTERVAL_MS = 5000;

/** Patients' phones open only the public pages (/web/…): they get no staff service worker and no precache. */
const PUBLIC_PAGES_PREFIX = "/web/";

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || location.pathname.startsWith(PUBLIC_PAGES_PREFIX)) return;
  // A page that started without a worker runs this build's files from the network, so the first worker to
  // take it over (perhaps one an earlier page of this tab installed, before the sign-in) brings nothing
  // newer: reloading then would only throw away what the person is doing. Such a page takes a later
  // version on its next load; a page that started under a worker reloads into the new version at once.
  const startedUnderAWorker = navigator.serviceWorker.controller !== null;
  registerSW({
    immediate: true,
    onNeedReload() {
      if (startedUnderAWorker) window.location.reload();
    },
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
