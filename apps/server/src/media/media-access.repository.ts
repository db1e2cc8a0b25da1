import type { Db } from '../db/schema';

/** Catalog reads behind the media routes' access checks. */

/** A book's page count, samples and media version (covers and page bounds); undefined when unknown. */
export async function bookMediaRow(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select(['id', 'page_count', 'sample_page_total', 'custom_sample_pages', 'media_version'])
    .where('id', '=', bookId)
    .executeTakeFirst();
}

/** The fields of a book that decide who may see which page; undefined for an unknown book. */
export async function pageAccessRow(db: Db, bookId: number) {
  return db
    .selectFrom('books')
    .select([
      'page_count as pageCount',
      'sample_page_total as samplePageTotal',
      'custom_sample_pages as customSamplePages',
      'start_datetime as startDatetime',
      'price',
      'sale_price as salePrice',
      'sale_start_datetime as saleStartDatetime',
      'sale_end_datetime as saleEndDatetime',
      'free_flg as freeFlg',
      'free_start_datetime as freeStartDatetime',
      'free_end_datetime as freeEndDatetime',
    ])
    .where('id', '=', bookId)
    .executeTakeFirst();
}

export async function episodePageCount(db: Db, episodeId: number) {
  return db.selectFrom('serial_episodes').select(['page_count']).where('id', '=', episodeId).executeTakeFirst();
}
