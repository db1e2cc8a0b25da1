import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * What several processes must share to run as one store: rate-limit counters (a sliding window
 * of attempts per key) and the scheduler's leases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per limited key: the row an attempt locks (upsert) before counting the key's hits.
  await db.schema
    .createTable('rate_limit_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('updated_at', millis, notNull)
    .execute();
  await withId(db, db.schema.createTable('rate_limit_hits')).addColumn('key', 'text', notNull).addColumn('at', millis, notNull).execute();
  await db.schema.createIndex('rate_limit_hits_key_at').on('rate_limit_hits').columns(['key', 'at']).execute();
  await db.schema.createIndex('rate_limit_hits_at').on('rate_limit_hits').column('at').execute();

  await db.schema
    .createTable('scheduler_jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', millis, notNull)
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', millis, notNull)
    .addColumn('last_started_at', millis)
    .addColumn('last_finished_at', millis)
    .addColumn('last_error', 'text')
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduler_jobs').execute();
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('rate_limit_keys').execute();
}
