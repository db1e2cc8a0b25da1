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
    // for every loader of every page (issue 3, the series render).
    v8_passThroughRequests: true,
  },
} satisfies Config;
