import type { Kysely } from 'kysely';

/**
 * Rankings count the store's own sales (issue 40 item 8): completed book orders of a window are
 * read by their creation time, as the console's sales reports read them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_created_at').on('orders').columns(['created_at', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_created_at').execute();
}
