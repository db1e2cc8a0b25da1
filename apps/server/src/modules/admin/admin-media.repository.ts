import type { Transaction } from 'kysely';
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

/** The book's sample, only if it is still at `version` (and bumps it). */
export async function updateSampleAt(
  db: Db,
  bookId: number,
  version: number,
  sample: { sample_page_total: number; custom_sample_pages?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('books')
    .set((eb) => ({ ...sample, version: eb('version', '+', 1) }))
    .where('id', '=', bookId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Drops the book's uploaded cover if the book is still at `version` and has one: the version and
 * the media version are bumped, so pages ask for the cover it came with again. False when not.
 */
export async function dropCoverUploadAt(db: Transaction<Database>, bookId: number, version: number): Promise<boolean> {
  const result = await db
    .updateTable('books')
    .set((eb) => ({ version: eb('version', '+', 1), media_version: eb('media_version', '+', 1) }))
    .where('id', '=', bookId)
    .where('version', '=', version)
    .where((eb) => eb.exists(eb.selectFrom('book_cover_uploads').select('book_id').where('book_id', '=', bookId)))
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db.deleteFrom('book_cover_uploads').where('book_id', '=', bookId).execute();
  return true;
}

/**
 * Puts `originalKey` as the book's cover if the book is still at `version`: the version and the
 * media version (the `?v=` of its cover URLs) are bumped, so every page asks for the new cover.
 */
export async function setCoverAt(
  db: Transaction<Database>,
  bookId: number,
  version: number,
  cover: { original_key: string; width: number; height: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('books')
    .set((eb) => ({ version: eb('version', '+', 1), media_version: eb('media_version', '+', 1) }))
    .where('id', '=', bookId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db
    .insertInto('book_cover_uploads')
    .values({ book_id: bookId, ...cover, uploaded_at: now })
    .onConflict((oc) => oc.column('book_id').doUpdateSet({ ...cover, uploaded_at: now }))
    .execute();
  return true;
}
