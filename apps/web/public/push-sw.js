/* global self */
/*
 * Web Push of the store's notices (issue 38), imported by the Workbox service worker (sw.js,
 * `importScripts` of apps/web/pwa/pwa-options.ts). The server sends, encrypted, a JSON message
 * `{ title, body, url, tag }` (the domain's PushMessage); the notification opens `url`, a page of
 * this store, in a window of the store already open or in a new one.
 */
self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'ja',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '/';
  // Only a page of this store: a path, never another site.
  const target = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open =
        windows.find((client) => client.url === target) ?? windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open && 'navigate' in open) return open.navigate(target).then((client) => (client ?? open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
