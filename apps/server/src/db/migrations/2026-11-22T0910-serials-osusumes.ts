import { type Kysely, sql } from 'kysely';
import { millis, notNull, withId } from './helpers';

/**
 * Serials, second step: editorial recommendation lists (§7 `/serial_osusumes`) and one
 * row per coin rental, so `/order/payments` lists every rental paid with coins or manga coins
 * (the member's episode row keeps only the latest rental).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('serial_osusumes'))
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_datetime', millis, notNull)
    .addColumn('end_datetime', millis)
    .addColumn('created_at', millis, notNull)
    .execute();

  await db.schema
    .createTable('serial_osusume_items')
    .addColumn('osusume_id', 'integer', (c) => c.notNull().references('serial_osusumes.id').onDelete('cascade'))
    .addColumn('serial_id', 'integer', (c) => c.notNull().references('serials.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('serial_osusume_items_pk', ['osusume_id', 'serial_id'])
    .execute();

  await withId(db, db.schema.createTable('serial_rental_payments'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('serial_id', 'integer', (c) => c.notNull().references('serials.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('serial_episodes.id').onDelete('cascade'))
    .addColumn('payment_type', 'integer', notNull)
    .addColumn('price', 'integer', notNull)
    .addColumn('rental_end', millis, notNull)
    .addColumn('created_at', millis, notNull)
    .execute();
  await db.schema.createIndex('serial_rental_payments_user').on('serial_rental_payments').columns(['user_id', 'created_at']).execute();

  // Coin rentals made before this table existed (their latest rental per episode).
  await sql`
    INSERT INTO serial_rental_payments (user_id, serial_id, episode_id, payment_type, price, rental_end, created_at)
    SELECT user_id, serial_id, episode_id, payment_type, price, rental_end, rented_at
    FROM user_serial_episodes
    WHERE spend_type = 2 AND price > 0 AND payment_type IS NOT NULL AND rented_at IS NOT NULL AND rental_end IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['serial_rental_payments', 'serial_osusume_items', 'serial_osusumes']) {
    await db.schema.dropTable(table).execute();
  }
}
