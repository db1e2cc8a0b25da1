import type { BookSourceFormat } from '../db/import-schema';
import type { Db } from '../db/schema';
import type { PlannedSide } from './book-plan';

/** The imported book a source key (EPUB identifier or content hash) already made, with its title. */
export function findBookBySource(db: Db, sourceKey: string) {
  return db
    .selectFrom('book_sources as s')
    .innerJoin('books as b', 'b.id', 's.book_id')
    .select(['b.id as bookId', 'b.title_id as titleId', 'b.vol'])
    .where('s.source_key', '=', sourceKey)
    .executeTakeFirst();
}

export function findBookById(db: Db, bookId: number) {
  return db.selectFrom('books').select(['id as bookId', 'title_id as titleId']).where('id', '=', bookId).executeTakeFirst();
}

export function findTitleById(db: Db, titleId: number) {
  return db.selectFrom('titles').select(['id', 'name', 'erotic_type as eroticType']).where('id', '=', titleId).executeTakeFirst();
}

export function findTitleByName(db: Db, name: string) {
  return db
    .selectFrom('titles')
    .select(['id', 'name', 'erotic_type as eroticType'])
    .where('name', '=', name)
    .orderBy('id')
    .executeTakeFirst();
}

/** A volume of a title, and whether it came from an import (only those are updated by another file). */
export function findVolume(db: Db, titleId: number, vol: number) {
  return db
    .selectFrom('books as b')
    .leftJoin('book_sources as s', 's.book_id', 'b.id')
    .select(['b.id as bookId', 's.source_key as sourceKey'])
    .where('b.title_id', '=', titleId)
    .where('b.vol', '=', vol)
    .executeTakeFirst();
}

export async function nextVolume(db: Db, titleId: number): Promise<number> {
  const row = await db
    .selectFrom('books')
    .select((eb) => eb.fn.max('vol').as('vol'))
    .where('title_id', '=', titleId)
    .executeTakeFirst();
  return Number(row?.vol ?? 0) + 1;
}

export interface StoredPage {
  width: number;
  height: number;
  wide: boolean;
  /** The original image's media key, or `TEXT_PAGE_KEY` for a text page. */
  originalKey: string;
  spread: PlannedSide;
}

export async function replacePages(db: Db, bookId: number, pages: StoredPage[]): Promise<void> {
  await db.deleteFrom('book_pages').where('book_id', '=', bookId).execute();
  await db.deleteFrom('book_page_originals').where('book_id', '=', bookId).execute();
  // 6 columns a row at most: well under both databases' parameter limits in chunks of 1,000.
  for (let i = 0; i < pages.length; i += 1000) {
    const chunk = pages.slice(i, i + 1000).map((p, j) => ({ ...p, page: i + j }));
    await db
      .insertInto('book_pages')
      .values(chunk.map((p) => ({ book_id: bookId, page_no: p.page, width: p.width, height: p.height, wide_flg: p.wide ? 1 : 0 })))
      .execute();
    await db
      .insertInto('book_page_originals')
      .values(chunk.map((p) => ({ book_id: bookId, page_no: p.page, original_key: p.originalKey, spread: p.spread })))
      .execute();
  }
}

/**
 * A text book's chapters, or an image book's text pages (numbered by page), replaced whole (§3:
 * the viewer's text format, `@hondana/domain/reading/text-blocks`).
 */
export async function replaceChapters(
  db: Db,
  bookId: number,
  chapters: { no: number; title: string; body: string; charCount: number }[],
): Promise<void> {
  await db.deleteFrom('book_text_chapters').where('book_id', '=', bookId).execute();
  for (const c of chapters) {
    await db
      .insertInto('book_text_chapters')
      .values({ book_id: bookId, chapter_no: c.no, title: c.title, body: c.body, char_count: c.charCount })
      .execute();
  }
}

/** An image book's table of contents (§3 navigations), replaced whole. */
export async function replaceNavigations(db: Db, bookId: number, navigations: { page: number; text: string }[]): Promise<void> {
  await db.deleteFrom('book_navigations').where('book_id', '=', bookId).execute();
  if (navigations.length === 0) return;
  await db
    .insertInto('book_navigations')
    .values(navigations.map((n, seq) => ({ book_id: bookId, seq, page_no: n.page, text: n.text })))
    .execute();
}

/** Whether a book is on sale (not STOPPED) and its price, as the import summary reports it. */
export async function bookListing(db: Db, bookId: number): Promise<{ listed: boolean; price: number }> {
  const row = await db.selectFrom('books').select(['sales_status', 'price']).where('id', '=', bookId).executeTakeFirstOrThrow();
  return { listed: row.sales_status !== 'STOPPED', price: row.price };
}

export interface StoredTextImage {
  chapter: number;
  originalKey: string;
  width: number;
  height: number;
}

/** A text book's images inside its chapters, replaced whole; image N is the body's `［＃挿絵N］`. */
export async function replaceTextImages(db: Db, bookId: number, images: StoredTextImage[]): Promise<void> {
  await db.deleteFrom('book_text_images').where('book_id', '=', bookId).execute();
  for (let i = 0; i < images.length; i += 500) {
    const chunk = images.slice(i, i + 500);
    await db
      .insertInto('book_text_images')
      .values(
        chunk.map((m, j) => ({
          book_id: bookId,
          image_no: i + j,
          chapter_no: m.chapter,
          original_key: m.originalKey,
          width: m.width,
          height: m.height,
        })),
      )
      .execute();
  }
}

interface SourceRow {
  sourceKey: string;
  contentHash: string;
  fileName: string;
  format: BookSourceFormat;
  coverKey: string | null;
}

export async function saveSource(db: Db, bookId: number, s: SourceRow, now: number): Promise<void> {
  const values = {
    source_key: s.sourceKey,
    content_hash: s.contentHash,
    file_name: s.fileName,
    format: s.format,
    cover_key: s.coverKey,
    updated_at: now,
  };
  await db
    .insertInto('book_sources')
    .values({ book_id: bookId, imported_at: now, ...values })
    .onConflict((oc) => oc.column('book_id').doUpdateSet(values))
    .execute();
}
