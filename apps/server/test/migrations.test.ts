import { Migrator, sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { appliedMigrations, migrateToLatest, pendingMigrations } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { createTestDatabase } from './support/test-database';

/**
 * The migrations that have shipped: a store's database may hold exactly these. Append the new
 * names here when a release lands. Kysely refuses to run a migration that sorts before one a
 * database has already run, so every later migration must sort after the last of these.
 */
const RELEASED = [
  '2026-11-22T0100-accounts',
  '2026-11-22T0200-catalog',
  '2026-11-22T0310-catalog-search',
  '2026-11-22T0400-reviews',
  '2026-11-22T0410-notices',
  '2026-11-22T0500-wallet',
  '2026-11-22T0510-orders',
  '2026-11-22T0600-reading',
  '2026-11-22T0700-serials',
  '2026-11-22T0800-cart',
  '2026-11-22T0810-bundles',
  '2026-11-22T0815-cart-payments',
  '2026-11-22T0820-pre-order-bonus',
  '2026-11-22T0900-review-ratings',
  '2026-11-22T0910-serials-osusumes',
];

describe('migrations', () => {
  test('every migration not yet released sorts after the last released one', () => {
    const lastReleased = RELEASED.at(-1)!;
    const unreleased = Object.keys(migrations).filter((name) => !RELEASED.includes(name));
    expect(unreleased.filter((name) => name <= lastReleased)).toEqual([]);
  });

  test('a database of the last release upgrades to the latest schema', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const released = Object.fromEntries(RELEASED.map((name) => [name, migrations[name]!]));
      const previous = new Migrator({ db: database.db, provider: { getMigrations: async () => released } });
      expect((await previous.migrateToLatest()).error).toBeUndefined();
      const applied = await migrateToLatest(database.db);
      expect(applied).toEqual(Object.keys(migrations).filter((name) => !RELEASED.includes(name)));
      expect(await pendingMigrations(database.db)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  test('a database migrated by a newer version is refused with a clear message, and nothing is changed', async () => {
    const database = await createTestDatabase();
    try {
      await sql`insert into kysely_migration (name, timestamp) values (${'2099-01-01T0000-from-the-future'}, ${new Date().toISOString()})`.execute(
        database.db,
      );
      await expect(migrateToLatest(database.db)).rejects.toThrow(/schema is newer than this code.*2099-01-01T0000-from-the-future/);
      expect(await appliedMigrations(database.db)).toContain('2099-01-01T0000-from-the-future');
    } finally {
      await database.destroy();
    }
  });
});
