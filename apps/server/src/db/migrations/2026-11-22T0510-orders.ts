import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/** Orders: book orders and coin pack payments, their items, point campaigns. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('payment_type', 'text', notNull)
    .addColumn('total_price', 'integer', notNull)
    .addColumn('use_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_first_paying', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coin_item_id', 'integer')
    .addColumn('coin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_code', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('created_at', millis, notNull)
    .addColumn('updated_at', millis, notNull)
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id'))
    .addColumn('price', 'integer', notNull)
    .addColumn('point', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'book_id'])
    .execute();

  await withId(db, db.schema.createTable('point_campaigns'))
    .addColumn('type', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('rate', 'integer', notNull)
    .addColumn('point', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_at', millis)
    .addColumn('end_at', millis)
    .addColumn('expire_days', 'integer', notNull)
    .addColumn('book_id', 'integer')
    .addColumn('title_id', 'integer')
    .addColumn('min_books', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('point_campaigns')
    .values([
      { type: 'basic', name: '通常ポイント', rate: 1, point: 0, expire_days: 365, min_books: 0 },
      { type: 'first', name: '初回購入ボーナス', rate: 10, point: 0, expire_days: 90, min_books: 0 },
      { type: 'bulkBuy', name: 'まとめ買いボーナス', rate: 5, point: 0, expire_days: 90, min_books: 3 },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('point_campaigns').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
}
