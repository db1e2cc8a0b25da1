import type { Kysely } from 'kysely';
import { millis, notNull, withId } from './helpers';

/** Cart and coupons: cart items, coupons, members' coupons, the cart's chosen coupon. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cart_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('cart_type', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('price_at_add', 'integer', notNull)
    .addColumn('created_at', millis, notNull)
    .addUniqueConstraint('cart_items_user_book', ['user_id', 'book_id'])
    .execute();

  await withId(db, db.schema.createTable('coupons'))
    .addColumn('name', 'text', notNull)
    .addColumn('coupon_type', 'integer', notNull)
    .addColumn('rate', 'integer')
    .addColumn('limit_count', 'integer')
    .addColumn('min_cart_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire_at', millis, notNull)
    .addColumn('target_scope', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('target_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('target_genre_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('steps', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('link_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('guest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('user_coupons')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('status', 'text', notNull)
    .addColumn('order_id', 'integer')
    .addColumn('created_at', millis, notNull)
    .addColumn('used_at', millis)
    .addPrimaryKeyConstraint('user_coupons_pk', ['user_id', 'coupon_id'])
    .execute();

  await db.schema
    .createTable('cart_coupons')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_coupons').execute();
  await db.schema.dropTable('user_coupons').execute();
  await db.schema.dropTable('coupons').execute();
  await db.schema.dropTable('cart_items').execute();
}
