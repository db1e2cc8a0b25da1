import { TEXT_PAGE_KEY } from '../db/import-schema';
import type { Db } from '../db/schema';

/**
 * The stored original of an imported book's page (`TEXT_PAGE_KEY` for a text page, which has
 * no image); null for a page drawn as demo art.
 */
export async function pageOriginalKey(db: Db, bookId: number, page: number): Promise<string | null> {
  const row = await db
    .selectFrom('book_page_originals')
    .select('original_key')
    .where('book_id', '=', bookId)
    .where('page_no', '=', page)
    .executeTakeFirst();
  return row?.original_key ?? null;
}

/** The stored original of a serial episode's page the console uploaded; null for a drawn page. */
export async function episodePageOriginalKey(db: Db, episodeId: number, page: number): Promise<string | null> {
  const row = await db
    .selectFrom('serial_episode_page_originals')
    .select('original_key')
    .where('episode_id', '=', episodeId)
    .where('page_no', '=', page)
    .executeTakeFirst();
  return row?.original_key ?? null;
}

/**
 * A book's cover original: the one the console uploaded, else (imported books) the one its file
 * names, else its first page's; null when neither (the cover is drawn).
 */
export async function coverOriginalKey(db: Db, bookId: number): Promise<string | null> {
  const uploaded = await db.selectFrom('book_cover_uploads').select('original_key').where('book_id', '=', bookId).executeTakeFirst();
  if (uploaded) return uploaded.original_key;
  const source = await db.selectFrom('book_sources').select('cover_key').where('book_id', '=', bookId).executeTakeFirst();
  if (!source) return null;
  const first = source.cover_key ?? (await pageOriginalKey(db, bookId, 0));
  // A book whose first page is text and that names no cover image has none: it is drawn.
  return first === TEXT_PAGE_KEY ? null : first;
}

/** An image inside a text book's chapter: its original, size and chapter; null when there is none. */
export function textImage(db: Db, bookId: number, image: number) {
  return db
    .selectFrom('book_text_images')
    .select(['original_key as originalKey', 'chapter_no as chapterNo', 'width', 'height'])
    .where('book_id', '=', bookId)
    .where('image_no', '=', image)
    .executeTakeFirst();
}

/** The stored original of a banner image the console uploaded; null for no such image. */
export async function bannerOriginalKey(db: Db, imageId: number): Promise<string | null> {
  const row = await db.selectFrom('banner_images').select('original_key').where('id', '=', imageId).executeTakeFirst();
  return row?.original_key ?? null;
}

/** The key visual a serial was given in the console, or null (the drawn one). */
export async function serialImageOriginalKey(db: Db, serialId: number): Promise<string | null> {
  const row = await db.selectFrom('serials').select('image_key').where('id', '=', serialId).executeTakeFirst();
  return row?.image_key ?? null;
}

/** The version a serial's key visual addresses carry, or null for no such serial. */
export async function serialImageVersion(db: Db, serialId: number): Promise<number | null> {
  const row = await db.selectFrom('serials').select('image_version').where('id', '=', serialId).executeTakeFirst();
  return row ? row.image_version : null;
}
