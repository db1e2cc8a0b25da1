import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';
import { OFFLINE_SHELL_CACHE } from '../app/features/bookshelf/offline/offline-shell';
import { ICONS } from './app-icons';

/** The web app manifest (`/manifest.webmanifest`): opens standalone on the member's shelf. */
export const pwaManifest: Partial<ManifestOptions> = {
  name: '本棚',
  short_name: '本棚',
  description: 'マンガ・電子書籍ストア。購入した本は本棚に保存してオフラインでも読めます。',
  lang: 'ja',
  dir: 'ltr',
  start_url: '/bookshelf',
  scope: '/',
  display: 'standalone',
  theme_color: '#b23a2e',
  background_color: '#ffffff',
  icons: ICONS,
};

/**
 * Workbox (generateSW): the client build (scripts, styles, icons) is precached; pages are
 * server-rendered, so there is no navigation fallback, and the only page kept is the offline
 * shelf (network first, its cached copy with the network cut, whatever book is asked in `?cid=`).
 * Every other request goes to the network untouched. The notices' Web Push (issue 38) is
 * `public/push-sw.js`, imported into sw.js: its `push` and `notificationclick` handlers.
 */
export const pwaWorkbox: Partial<VitePWAOptions['workbox']> = {
  importScripts: ['/push-sw.js'],
  globPatterns: ['assets/**/*.{js,css}', 'favicon.svg', 'icons/*.png'],
  navigateFallback: null,
  cleanupOutdatedCaches: true,
  clientsClaim: true,
  skipWaiting: true,
  runtimeCaching: [
    {
      // Copied into sw.js as source text: the path is written out (OFFLINE_SHELL_PATH).
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/bookshelf/offline',
      handler: 'NetworkFirst',
      options: {
        cacheName: OFFLINE_SHELL_CACHE,
        networkTimeoutSeconds: 4,
        matchOptions: { ignoreSearch: true },
        // Only the page itself: a guest's request is redirected to login, which must not be kept as the shelf.
        plugins: [{ cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null) }],
      },
    },
  ],
};
