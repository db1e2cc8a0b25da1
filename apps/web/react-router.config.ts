import type { Config } from '@react-router/dev/config';

/**
 * Store pages are server-rendered by the Fastify process that serves /api
 * (apps/server/src/web/web-plugin.ts loads build/server/index.js).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    // Loaders and actions get the incoming Request itself, and read the page's URL from their
    // `url` argument: React Router otherwise copies the Request (and its abort signal) twice
    // for every loader of every page (the series render).
    v8_passThroughRequests: true,
    // React Router 8's other changes are decided here rather than left to print a warning at
    // every build. Each stays off until the move to React Router 8 (decision 001) takes it on:
    // route middleware changes what loaders get as `context` (the store's load context),
    // splitting route modules and Vite's environment API change the chunks that the page-weight
    // budget was measured on, and trailing-slash data URLs change every client navigation's
    // `.data` request path.
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
