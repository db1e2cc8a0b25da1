import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Web Push (issue 38): the browsers of members who allowed notices (one row per push endpoint,
 * the keys its messages are encrypted for) and the push outbox, written in the transaction of
 * the event beside its mail and sent after the commit by the scheduler's `push-outbox` job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', notNull)
    .addColumn('auth', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await withId(db, db.schema.createTable('push_outbox'))
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', millis, notNull)
    .addColumn('last_error', 'text')
    .addColumn('created_at', millis, notNull)
    .addColumn('sent_at', millis)
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
