/**
 * The store's service worker (build/client/sw.js: Workbox's precache, the offline shelf and the
 * notices' Web Push), registered by the pages that need it: the member's shelf and the push
 * notices' setting. Null where there is none (development, a browser without service workers)
 * or it could not be registered.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register('/sw.js').catch(() => null);
}
