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
          // The schema migrated once per run; each test database is a copy of it.
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: files in parallel on both, each with its own database.
          maxWorkers: 2,
          // One module graph per worker, not per file: importing the app for each of the ~95
          // files cost about a third of the suite. Files share no state through modules: every
          // cache of the server is keyed by its database, and each file builds its own.
          isolate: false,
        },
      },
    ],
  },
});
