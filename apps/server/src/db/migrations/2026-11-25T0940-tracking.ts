import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Tracking: `events` holds the §7 `/log/*` calls, written in batches by the tracking buffer
 * (never on the request path), for rankings and recommendations to read by kind, time and
 * title. `app_open_days` holds one row per member and Tokyo day the member opened the app
 * (the missions' "open the app on N days").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('events'))
    .addColumn('kind', 'text', notNull)
    .addColumn('occurred_at', millis, notNull)
    .addColumn('user_id', 'integer')
    .addColumn('guest_id', 'text')
    .addColumn('title_id', 'integer')
    .addColumn('book_id', 'integer')
    .addColumn('ref', 'text')
    .addColumn('data', 'text', notNull)
    .execute();
  await db.schema.createIndex('events_kind_time').on('events').columns(['kind', 'occurred_at']).execute();
  await db.schema.createIndex('events_title_kind_time').on('events').columns(['title_id', 'kind', 'occurred_at']).execute();

  await db.schema
    .createTable('app_open_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .addPrimaryKeyConstraint('app_open_days_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_open_days').execute();
  await db.schema.dropTable('events').execute();
}
