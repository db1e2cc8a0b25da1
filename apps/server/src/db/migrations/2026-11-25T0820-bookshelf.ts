import type { Kysely } from 'kysely';
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

  await fillShelfSeries(db);
}

/**
 * Every member's series summary from what they held when the shelf arrived (no book hidden
 * yet): shown books, the newest of them, rented episodes of the title's serial, and the latest
 * purchase, rental and reading instants. Written here, not with the bookshelf's code, so the
 * migration keeps meaning the database as it was.
 */
async function fillShelfSeries(db: Kysely<any>): Promise<void> {
  type Summary = {
    books: number;
    rentals: number;
    newest: { id: number; vol: number } | null;
    boughtAt: number | null;
    readAt: number | null;
  };
  const summaries = new Map<string, Summary & { userId: number; titleId: number }>();
  const summary = (userId: number, titleId: number) => {
    const key = `${userId}:${titleId}`;
    let s = summaries.get(key);
    if (!s) summaries.set(key, (s = { userId, titleId, books: 0, rentals: 0, newest: null, boughtAt: null, readAt: null }));
    return s;
  };
  const later = (a: number | null, b: unknown) => (b === null || b === undefined ? a : a === null ? Number(b) : Math.max(a, Number(b)));

  const books = await db
    .selectFrom('user_books as ub')
    .innerJoin('books as b', 'b.id', 'ub.book_id')
    .leftJoin('reading_positions as rp', (j) => j.onRef('rp.user_id', '=', 'ub.user_id').onRef('rp.book_id', '=', 'ub.book_id'))
    .select([
      'ub.user_id as userId',
      'b.title_id as titleId',
      'b.id as bookId',
      'b.vol as vol',
      'ub.created_at as boughtAt',
      'rp.read_at as readAt',
    ])
    .execute();
  for (const row of books) {
    const s = summary(Number(row.userId), Number(row.titleId));
    s.books += 1;
    if (!s.newest || Number(row.vol) > s.newest.vol) s.newest = { id: Number(row.bookId), vol: Number(row.vol) };
    s.boughtAt = later(s.boughtAt, row.boughtAt);
    s.readAt = later(s.readAt, row.readAt);
  }
  const rentals = await db
    .selectFrom('user_serial_episodes as ue')
    .innerJoin('serials as s', 's.id', 'ue.serial_id')
    .where('ue.rental_end', 'is not', null)
    .where('s.title_id', 'is not', null)
    .select(['ue.user_id as userId', 's.title_id as titleId', 'ue.rented_at as rentedAt', 'ue.read_started_at as readAt'])
    .execute();
  for (const row of rentals) {
    const s = summary(Number(row.userId), Number(row.titleId));
    s.rentals += 1;
    s.boughtAt = later(s.boughtAt, row.rentedAt);
    s.readAt = later(s.readAt, row.readAt);
  }

  const rows = [...summaries.values()].map((s) => ({
    user_id: s.userId,
    title_id: s.titleId,
    book_count: s.books,
    hidden_count: 0,
    rental_count: s.rentals,
    newest_book_id: s.newest?.id ?? null,
    newest_vol: s.newest?.vol ?? null,
    last_bought_at: s.boughtAt ?? 0,
    last_read_at: s.readAt,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('shelf_series')
      .values(rows.slice(i, i + 100))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shelf_series').execute();
  await db.schema.dropIndex('reading_positions_recent').execute();
  await db.schema.alterTable('user_books').dropColumn('hidden_at').execute();
}
