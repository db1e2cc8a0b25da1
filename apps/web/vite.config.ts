import { reactRouter } from '@react-router/dev/vite';
import { type Rollup, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons } from './pwa/app-icons';
import { pwaManifest, pwaWorkbox } from './pwa/pwa-options';

type RollupLog = Rollup.RollupLog;

const STORE_COMMON = [
  'app/i18n/i18n.ts',
  'app/i18n/ja.ts',
  'app/i18n/ja-notices-entry.ts',
  'app/page-meta.ts',
  'app/features/accounts/login-href.ts',
  'app/features/catalog/series-href.ts',
  'app/components/coin-icon.tsx',
  'packages/domain/src/common/format.ts',
  'packages/domain/src/notices/notices.ts',
  'app/components/pager.tsx',
  'app/components/cart-count-event.ts',
  'vite/preload-helper.js',
  // §7 tracking (every page's views) and the one module that calls fetch, which the API client
  // builds on too: apart, they were two chunks of under 200 bytes each.
  'app/lib/track.ts',
  'app/lib/api/transport.ts',
];

/**
 * The catalog's book tiles and the age gate: every catalog page shows tiles, and the series page
 * (also the serial pages) needs the gate at once. Alone, the gate made a 0.8 kB chunk of its own.
 */
const CATALOG_COMMON = [
  'app/components/tile-list.tsx',
  'app/components/tile-list.module.css',
  'app/components/book-tile.tsx',
  'app/components/book-tile.module.css',
  'app/components/cover-sources.tsx',
  'app/components/star-rating.tsx',
  'app/components/star-rating.module.css',
  'packages/domain/src/catalog/media-urls.ts',
  'app/features/catalog/components/adult-gate.tsx',
  'app/features/catalog/components/adult-gate.module.css',
  // Sections that load near the viewport: the series page's and the volume page's buy box (which
  // loads the waiting ones before a purchase reloads the page) share it.
  'app/components/lazy-section.tsx',
];

/**
 * Two of Rollup's warnings are about nothing this project can change, and a newcomer's first
 * build should not print them: zod's sources carry explanatory comments beside `@__PURE__`
 * marks, which Rollup drops as it says (the code is the same); and a route that only answers on
 * the server (`routes/logout.tsx`: an action and a redirecting loader) has an empty client chunk.
 * Every other warning still prints.
 */
function expectedWarning(warning: RollupLog): boolean {
  if (warning.code === 'INVALID_ANNOTATION') return /node_modules[\\/]zod[\\/]/.test(warning.id ?? '');
  if (warning.code === 'EMPTY_BUNDLE') return warning.names?.includes('logout') === true;
  return false;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    // The installable store (decision 021): PNG icons drawn from favicon.svg, the manifest, and
    // a Workbox service worker (build/client/sw.js) precaching the client build for offline reading.
    appIcons(),
    VitePWA({ injectRegister: false, manifest: pwaManifest, workbox: pwaWorkbox }),
  ],
  css: {
    modules: {
      localsConvention: 'camelCaseOnly',
      // Short class names in the build: the class maps ship inside the page JS (≤120 kB gzip budget).
      generateScopedName: command === 'build' ? '_[hash:base64:5]' : '[name]__[local]',
    },
  },
  build: {
    // Vite's manifest of the client build stays in build/client/.vite/: the server links a page's
    // lazily loaded sections' stylesheets from it (app/lib/lazy-styles.server.ts).
    manifest: true,
    // The server build is loaded by Node 20 (apps/server); the client targets current browsers.
    target: 'es2022',
    // Terser takes about 4 kB (gzip) more off React and React Router than esbuild's minifier.
    // The server build is not minified: nothing downloads it, and its profiles keep their names.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 3 } },
    rollupOptions: {
      onwarn(warning, warn) {
        if (expectedWarning(warning)) return;
        warn(warning);
      },
      // What every page loads goes in two chunks rather than a dozen: gzip compresses each file
      // alone, so a module of 100 bytes in its own chunk costs about as much again in overhead.
      // React, React DOM and React Router are one; the store's copy lookup, formatters, links
      // and the coin icon used by the header and every book tile are the other.
      output: {
        manualChunks: (id) => {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          if (STORE_COMMON.some((path) => id.endsWith(path))) return 'store';
          if (CATALOG_COMMON.some((path) => id.endsWith(path))) return 'catalog';
          return undefined;
        },
      },
    },
  },
}));
