import type { Db } from '../../db/schema';

/** Reads behind a member's view of one title: its volumes, what the member holds and has finished. */

/** The title's volumes with their sales window and prices, by volume number. */
export async function titleVolumeRows(db: Db, titleId: number) {
  return db
    .selectFrom('books')
    .select([
      'id',
      'vol',
      'contents_name',
      'price',
      'sale_price',
      'sale_start_datetime',
      'sale_end_datetime',
      'free_flg',
      'free_start_datetime',
      'free_end_datetime',
      'start_datetime',
      'end_datetime',
      'sales_status',
    ])
    .where('title_id', '=', titleId)
    .orderBy('vol')
    .execute();
}

/** Among `bookIds`, the highest volume the member has read to the end; null when none. */
export async function maxFinishedBook(db: Db, userId: number, bookIds: number[]) {
  if (bookIds.length === 0) return null;
  return (
    (await db
      .selectFrom('read_ends')
      .innerJoin('books', 'books.id', 'read_ends.book_id')
      .select(['books.id', 'books.vol'])
      .where('read_ends.user_id', '=', userId)
      .where('read_ends.book_id', 'in', bookIds)
      .orderBy('books.vol', 'desc')
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** Which of `bookIds` the member holds (bought or reserved). */
export async function heldAmong(db: Db, userId: number, bookIds: number[]): Promise<Set<number>> {
  if (bookIds.length === 0) return new Set();
  const rows = await db.selectFrom('user_books').select('book_id').where('user_id', '=', userId).where('book_id', 'in', bookIds).execute();
  return new Set(rows.map((r) => r.book_id));
}
