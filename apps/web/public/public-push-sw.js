// The patient pages' service worker: it shows the pharmacy's pushes (ready, called, new photos asked
// for) and opens the reception's status page on a tap. No caching and no fetch handler.
/* global self */

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let push = { title: "薬局からのお知らせ", body: "", url: "/", tag: undefined };
  try {
    push = { ...push, ...event.data.json() };
  } catch {
    // an empty or unreadable message still tells the visitor to look
  }
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      renotify: Boolean(push.tag),
      lang: "ja",
      icon: "/pwa-192x192.png",
      badge: "/pwa-192x192.png",
      data: { url: push.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
