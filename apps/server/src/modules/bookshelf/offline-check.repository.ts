import type { OfflineCheckResponse } from '@hondana/domain/bookshelf/bookshelf-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Of the books a device keeps for offline reading, the ones the member may still read: held in
 * `user_books` (a cancelled order removes the row) and released. The device deletes the others.
 * Adult titles are not filtered here: the device got them through the member's own age check.
 */
export async function stillEntitled(
  db: Kysely<Database>,
  userId: number,
  bookIds: readonly number[],
  now: number,
): Promise<OfflineCheckResponse> {
  if (bookIds.length === 0) return { bookIds: [] };
  const rows = await db
    .selectFrom('user_books as ub')
    .innerJoin('books as b', 'b.id', 'ub.book_id')
    .select('ub.book_id')
    .where('ub.user_id', '=', userId)
    .where('ub.book_id', 'in', [...bookIds])
    .where('b.start_datetime', '<=', now)
    .orderBy('ub.book_id')
    .execute();
  return { bookIds: rows.map((r) => r.book_id) };
}
