import type { FontSize, ViewerSettings } from '@hondana/domain/reading/reading-api';
import { TEXT_PAGE_KEY } from '../../db/import-schema';
import type { Db } from '../../db/schema';

/** Reading queries: per-member rows keyed by (user_id, book_id); each one indexed statement. */

export interface PageRow {
  page: number;
  width: number;
  height: number;
  wideFlg: number;
  /** The side an imported file gives the page in a spread; null for drawn pages and files that do not say. */
  side: 'left' | 'right' | 'center' | 'alone' | null;
  /** 1: a text page of an imported image book (its text is the book_text chapter of its number). */
  textPage: number;
}

export const pagesOf = (db: Db, bookId: number): Promise<PageRow[]> =>
  db
    .selectFrom('book_pages as p')
    .leftJoin('book_page_originals as o', (join) => join.onRef('o.book_id', '=', 'p.book_id').onRef('o.page_no', '=', 'p.page_no'))
    .select((eb) => [
      'p.page_no as page',
      'p.width',
      'p.height',
      'p.wide_flg as wideFlg',
      'o.spread as side',
      eb.case().when('o.original_key', '=', TEXT_PAGE_KEY).then(1).else(0).end().as('textPage'),
    ])
    .where('p.book_id', '=', bookId)
    .orderBy('p.page_no')
    .execute();

export const navigationsOf = (db: Db, bookId: number): Promise<{ page: number; text: string }[]> =>
  db.selectFrom('book_navigations').select(['page_no as page', 'text']).where('book_id', '=', bookId).orderBy('seq').execute();

export const chaptersOf = (db: Db, bookId: number) =>
  db
    .selectFrom('book_text_chapters')
    .select(['chapter_no as chapterNo', 'title', 'body', 'char_count as charCount'])
    .where('book_id', '=', bookId)
    .orderBy('chapter_no')
    .execute();

/** Images inside a text book's chapters (book_text_images), by number. */
export const textImagesOf = (db: Db, bookId: number) =>
  db
    .selectFrom('book_text_images')
    .select(['image_no as imageNo', 'chapter_no as chapterNo', 'width', 'height'])
    .where('book_id', '=', bookId)
    .orderBy('image_no')
    .execute();

export interface PositionRow {
  page: number;
  font: FontSize | null;
  readAt: number;
  deviceId: string | null;
  updatedAt: number;
}

export async function findPosition(db: Db, userId: number, bookId: number): Promise<PositionRow | null> {
  const row = await db
    .selectFrom('reading_positions')
    .select(['page', 'font', 'read_at as readAt', 'device_id as deviceId', 'updated_at as updatedAt'])
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return row ? { ...row, font: row.font as FontSize | null } : null;
}

/** Inserts the first position; false when another request stored one first. */
export async function insertPosition(db: Db, userId: number, bookId: number, p: PositionRow): Promise<boolean> {
  const result = await db
    .insertInto('reading_positions')
    .values({
      user_id: userId,
      book_id: bookId,
      page: p.page,
      font: p.font,
      read_at: p.readAt,
      device_id: p.deviceId,
      updated_at: p.updatedAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Replaces `previous` with `next`; false when the row changed since it was read. */
export async function replacePosition(db: Db, userId: number, bookId: number, previous: PositionRow, next: PositionRow): Promise<boolean> {
  const result = await db
    .updateTable('reading_positions')
    .set({ page: next.page, font: next.font, read_at: next.readAt, device_id: next.deviceId, updated_at: next.updatedAt })
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .where('read_at', '=', previous.readAt)
    .where('updated_at', '=', previous.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const bookmarksOf = (db: Db, userId: number, bookId: number) =>
  db
    .selectFrom('bookmarks')
    .select(['page', 'created_at as createdAt'])
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .orderBy('page')
    .execute();

export async function addBookmark(db: Db, userId: number, bookId: number, page: number, now: number): Promise<void> {
  await db
    .insertInto('bookmarks')
    .values({ user_id: userId, book_id: bookId, page, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'book_id', 'page']).doNothing())
    .execute();
}

export async function removeBookmark(db: Db, userId: number, bookId: number, page: number): Promise<void> {
  await db.deleteFrom('bookmarks').where('user_id', '=', userId).where('book_id', '=', bookId).where('page', '=', page).execute();
}

export async function findSettings(db: Db, userId: number): Promise<Partial<ViewerSettings> | null> {
  const row = await db.selectFrom('viewer_settings').select('settings').where('user_id', '=', userId).executeTakeFirst();
  return row ? (JSON.parse(row.settings) as Partial<ViewerSettings>) : null;
}

export async function saveSettings(db: Db, userId: number, settings: ViewerSettings, now: number): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('viewer_settings')
    .values({ user_id: userId, settings: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings: json, updated_at: now }))
    .execute();
}

export async function hasReadEnd(db: Db, userId: number, bookId: number): Promise<boolean> {
  const row = await db
    .selectFrom('read_ends')
    .select('book_id')
    .where('user_id', '=', userId)
    .where('book_id', '=', bookId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the read-end; true only for the call that recorded it. */
export async function insertReadEnd(db: Db, userId: number, bookId: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('read_ends')
    .values({ user_id: userId, book_id: bookId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The erotic type of a book's title; undefined for an unknown book. */
export async function eroticTypeOfBook(db: Db, bookId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('books')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select('titles.erotic_type')
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  return row?.erotic_type;
}
