import type { Config } from '@react-router/dev/config';

/**
 * Store pages are server-rendered by the Fastify process that serves /api
 * (apps/server/src/web/web-plugin.ts loads build/server/index.js).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
