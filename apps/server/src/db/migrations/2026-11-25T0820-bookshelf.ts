import type { Kysely } from 'kysely';
import { refreshShelfSeries } from '../../modules/bookshelf/shelf-updates';
import { millis, notNull } from './helpers';

/**
 * The bookshelf: a member can hide a book from their shelf (`user_books.hidden_at`);
 * `shelf_series` summarises each member's series (counts, newest volume, last bought and read)
 * so a shelf of thousands of books is a page of indexed rows; "continue reading" reads a
 * member's latest positions in order. Existing members' summaries are filled here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_books').addColumn('hidden_at', millis).execute();
  await db.schema.createIndex('reading_positions_recent').on('reading_positions').columns(['user_id', 'read_at']).execute();

  await db.schema
    .createTable('shelf_series')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
    .addColumn('book_count', 'integer', notNull)
    .addColumn('hidden_count', 'integer', notNull)
    .addColumn('rental_count', 'integer', notNull)
    .addColumn('newest_book_id', 'integer')
    .addColumn('newest_vol', 'integer')
    .addColumn('last_bought_at', millis, notNull)
    .addColumn('last_read_at', millis)
    .addPrimaryKeyConstraint('shelf_series_pk', ['user_id', 'title_id'])
    .execute();
  await db.schema.createIndex('shelf_series_bought').on('shelf_series').columns(['user_id', 'last_bought_at']).execute();
  await db.schema.createIndex('shelf_series_read').on('shelf_series').columns(['user_id', 'last_read_at']).execute();

  const held = await db
    .selectFrom('user_books as ub')
    .innerJoin('books as b', 'b.id', 'ub.book_id')
    .select(['ub.user_id as userId', 'b.title_id as titleId'])
    .union(
      db
        .selectFrom('user_serial_episodes as ue')
        .innerJoin('serials as s', 's.id', 'ue.serial_id')
        .where('ue.rental_end', 'is not', null)
        .where('s.title_id', 'is not', null)
        .select(['ue.user_id as userId', 's.title_id as titleId']),
    )
    .execute();
  const byUser = new Map<number, number[]>();
  for (const { userId, titleId } of held as { userId: number; titleId: number }[]) byUser.set(userId, [...(byUser.get(userId) ?? []), titleId]);
  for (const [userId, titleIds] of byUser) await refreshShelfSeries(db, userId, titleIds);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shelf_series').execute();
  await db.schema.dropIndex('reading_positions_recent').execute();
  await db.schema.alterTable('user_books').dropColumn('hidden_at').execute();
}
