import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * What every process of the store must learn of at once: a change counter per topic (the
 * catalog, the operator's settings) that caches compare with what they were built from, and the
 * operator's settings themselves (the maintenance mode).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_changes')
    .addColumn('topic', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', notNull)
    .addColumn('changed_at', millis, notNull)
    .execute();
  await db.schema
    .createTable('store_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('updated_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_settings').execute();
  await db.schema.dropTable('store_changes').execute();
}
