import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The web app's pure modules (its pages are tested through the server and Playwright).
        test: { name: 'web', include: ['apps/web/app/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: files in parallel on both, each with its own database.
          maxWorkers: 2,
        },
      },
    ],
  },
});
