import type { Kysely } from 'kysely';
import { millis } from './helpers';

/**
 * The bookshelf (issue 20): a member can hide a book from their shelf (`hidden_at`), and the
 * shelf's "continue reading" row reads the latest positions of a member in order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_books').addColumn('hidden_at', millis).execute();
  await db.schema.createIndex('reading_positions_recent').on('reading_positions').columns(['user_id', 'read_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reading_positions_recent').execute();
  await db.schema.alterTable('user_books').dropColumn('hidden_at').execute();
}
