import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Pre-order bonuses (§3 Pre-order bonus): the bonuses, and each pre-order's bonus with
 * the points fixed when it was placed, PENDING until the volume's release grants them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('pre_order_bonuses'))
    .addColumn('name', 'text', notNull)
    .addColumn('rate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    // One volume, every reservable volume of a title, or (both null) every pre-order.
    .addColumn('book_id', 'integer', (c) => c.references('books.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.references('titles.id').onDelete('cascade'))
    .addColumn('start_at', millis, notNull)
    .addColumn('end_at', millis)
    .addColumn('expire_days', 'integer', (c) => c.notNull().defaultTo(180))
    .addCheckConstraint('pre_order_bonuses_amounts', sql`rate >= 0 and rate <= 100 and points >= 0`)
    .execute();
  await db.schema.createIndex('pre_order_bonuses_book').on('pre_order_bonuses').column('book_id').execute();
  await db.schema.createIndex('pre_order_bonuses_title').on('pre_order_bonuses').column('title_id').execute();

  await withId(db, db.schema.createTable('pre_order_bonus_grants'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('bonus_id', 'integer', (c) => c.notNull().references('pre_order_bonuses.id').onDelete('cascade'))
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('point', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('lot_id', 'integer')
    .addColumn('created_at', millis, notNull)
    .addColumn('granted_at', millis)
    .addUniqueConstraint('pre_order_bonus_grants_order_bonus', ['order_id', 'bonus_id'])
    .execute();
  await db.schema.createIndex('pre_order_bonus_grants_user').on('pre_order_bonus_grants').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('pre_order_bonus_grants_status').on('pre_order_bonus_grants').columns(['status', 'book_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pre_order_bonus_grants').execute();
  await db.schema.dropTable('pre_order_bonuses').execute();
}
