/* global self */
// Playfair's service worker: shows Web Push notifications and opens their link on click.
// It has no fetch handler on purpose: pages and the API always come from the network.
// Payload (JSON, see WebPushPayload in packages/contracts/src/notification-constants.ts):
//   { "id": "...", "title": "...", "body": "...", "url": "/promotions" | "https://..." | null }

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event) {
  if (!event.data) return null;
  try {
    const payload = event.data.json();
    return payload && typeof payload === "object" ? payload : null;
  } catch {
    return { title: event.data.text() };
  }
}

/** Only http(s) links; site paths resolve against this origin. */
function safeUrl(value) {
  try {
    const url = new URL(typeof value === "string" && value ? value : "/", self.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : new URL("/", self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event) ?? {};
  const title = typeof payload.title === "string" && payload.title ? payload.title : "Playfair";
  const options = {
    body: typeof payload.body === "string" ? payload.body : "",
    icon: "/favicon.svg",
    badge: "/favicon.svg",
    data: { url: safeUrl(payload.url), id: typeof payload.id === "string" ? payload.id : null },
  };
  // The same push delivered twice (at-least-once) replaces itself instead of stacking.
  if (options.data.id) options.tag = options.data.id;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const sameOrigin = new URL(url).origin === self.location.origin;
      for (const client of windows) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      // A tab of this site is reused for site links; other sites open in a new window.
      const siteWindow = sameOrigin ? windows.find((client) => new URL(client.url).origin === self.location.origin) : undefined;
      if (siteWindow && "navigate" in siteWindow) {
        const navigated = await siteWindow.navigate(url);
        return (navigated ?? siteWindow).focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
