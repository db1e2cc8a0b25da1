import type { Kysely } from 'kysely';
import { millis, notNull } from './helpers';

/**
 * Cart orders paid by card or carrier: what a PROCESSING order will deliver when the
 * provider reports the member's approval — its books with the prices and points of the preview,
 * the earned point lines, the coupon it holds and the bundles it bought.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cart_payments')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('books', 'text', notNull)
    .addColumn('point_lines', 'text', notNull)
    .addColumn('coupon_id', 'integer')
    .addColumn('created_at', millis, notNull)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_payments').execute();
}
