import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

/** Manga coin subscriptions: plans, members' subscriptions, their billing cycles, and the sandbox's kept cards. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('manga_coin_subscription_plans'))
    .addColumn('name', 'text', notNull)
    .addColumn('coin', 'integer', notNull)
    .addColumn('tax_included_price', 'integer', notNull)
    .addColumn('first_bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('second_bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cycle_bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('highlight_type', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('payment_types', 'text', notNull)
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint(
      'manga_coin_subscription_plans_amounts',
      sql`coin > 0 and tax_included_price > 0 and first_bonus >= 0 and second_bonus >= 0 and cycle_bonus >= 0`,
    )
    .execute();

  await withId(db, db.schema.createTable('user_manga_coin_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('manga_coin_subscription_plans.id'))
    .addColumn('payment_type', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('card_id', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('coin', 'integer', notNull)
    .addColumn('tax_included_price', 'integer', notNull)
    .addColumn('first_bonus', 'integer', notNull)
    .addColumn('second_bonus', 'integer', notNull)
    .addColumn('cycle_bonus', 'integer', notNull)
    .addColumn('payment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_bonus_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('second_bonus_flg', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('anchor_at', millis)
    .addColumn('renewal_at', millis)
    .addColumn('next_attempt_at', millis)
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_code', 'text')
    .addColumn('created_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    .addColumn('cancelled_at', millis)
    .addColumn('closed_at', millis)
    .execute();
  // One live subscription per member: ten parallel subscribes leave one.
  await db.schema
    .createIndex('user_manga_coin_subscriptions_live')
    .on('user_manga_coin_subscriptions')
    .column('user_id')
    .unique()
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('user_manga_coin_subscriptions_user')
    .on('user_manga_coin_subscriptions')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.createIndex('user_manga_coin_subscriptions_due').on('user_manga_coin_subscriptions').column('next_attempt_at').execute();

  await withId(db, db.schema.createTable('manga_coin_subscription_cycles'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('user_manga_coin_subscriptions.id').onDelete('cascade'))
    .addColumn('cycle', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('order_id', 'integer')
    .addColumn('tax_included_price', 'integer', notNull)
    .addColumn('coin', 'integer', notNull)
    .addColumn('first_bonus', 'integer', notNull)
    .addColumn('second_bonus', 'integer', notNull)
    .addColumn('cycle_bonus', 'integer', notNull)
    .addColumn('failure_code', 'text')
    .addColumn('paid_at', millis)
    .addColumn('created_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    // The key that makes a cycle's charge happen once, whatever number of renewal runs.
    .addUniqueConstraint('manga_coin_subscription_cycles_once', ['subscription_id', 'cycle'])
    .execute();

  await db.schema
    .createTable('sandbox_cards')
    .addColumn('card_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brand', 'text', notNull)
    .addColumn('last4', 'text', notNull)
    .addColumn('expiry', 'text', notNull)
    .addColumn('behaviour', 'text', notNull)
    .addColumn('created_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sandbox_cards',
    'manga_coin_subscription_cycles',
    'user_manga_coin_subscriptions',
    'manga_coin_subscription_plans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
