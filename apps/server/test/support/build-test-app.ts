import type { Clock } from '@hondana/domain/common/time';
import type { FastifyInstance } from 'fastify';
import type { LogConfig } from 'kysely';
import { type AppOptions, buildApp } from '../../src/app';
import { type TestDatabase, createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The app on a fresh database, driven with `app.inject` (fastify/demo's `build(t)`). */
export async function buildTestApp(
  overrides: Partial<Omit<AppOptions, 'config'>> & {
    config?: Partial<AppOptions['config']>;
    clock?: Clock;
    beforeReady?: (app: FastifyInstance) => void;
    /** Kysely's log hook on the app's database (`request-cost.ts`). */
    log?: LogConfig;
  } = {},
): Promise<TestApp> {
  const { beforeReady, config, log, ...options } = overrides;
  const database = await createTestDatabase({ log });
  const app = await buildApp({
    database,
    authRateLimit: 1000,
    ...options,
    // Given fields are added to the test's own (its data folder, cookies over http, the media key).
    config: { cookieSecure: false, dataDir: database.dataDir, secrets: { mediaUrlKey: 'test-media-key' }, checkResponses: true, ...config },
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * Another app instance on `t`'s database, as a second process of the store would be (the races
 * of two instances on one PostgreSQL); the caller closes it. Its options are the test's own.
 */
export async function secondInstance(
  t: TestApp,
  overrides: Partial<Omit<AppOptions, 'config' | 'database'>> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    database: t.database,
    authRateLimit: 1000,
    ...overrides,
    config: { cookieSecure: false, dataDir: t.database.dataDir, secrets: { mediaUrlKey: 'test-media-key' }, checkResponses: true },
  });
  await app.ready();
  return app;
}
