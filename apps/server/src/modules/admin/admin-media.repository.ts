import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/schema';

export const bookSampleRow = (db: Db, bookId: number) =>
  db
    .selectFrom('books')
    .select(['id', 'title_id', 'page_count', 'layout_type', 'sample_page_total', 'custom_sample_pages', 'media_version', 'version'])
    .where('id', '=', bookId)
    .executeTakeFirst();

export const coverUpload = (db: Db, bookId: number) =>
  db
    .selectFrom('book_cover_uploads')
    .select(['original_key', 'width', 'height', 'uploaded_at'])
    .where('book_id', '=', bookId)
    .executeTakeFirst();

/** The condition of a cover's revert: the book has an uploaded cover. */
export const hasCoverUpload = (bookId: number) => (eb: ExpressionBuilder<Database, 'books'>) =>
  eb.exists(eb.selectFrom('book_cover_uploads').select('book_id').where('book_id', '=', bookId));

export async function deleteCoverUpload(db: Db, bookId: number): Promise<void> {
  await db.deleteFrom('book_cover_uploads').where('book_id', '=', bookId).execute();
}

/** The book's uploaded cover (its books row is bumped first, by the catalog's `bumpBookMediaAt`). */
export async function putCoverUpload(db: Db, bookId: number, cover: { original_key: string; width: number; height: number }, now: number) {
  await db
    .insertInto('book_cover_uploads')
    .values({ book_id: bookId, ...cover, uploaded_at: now })
    .onConflict((oc) => oc.column('book_id').doUpdateSet({ ...cover, uploaded_at: now }))
    .execute();
}
