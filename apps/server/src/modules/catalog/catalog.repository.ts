import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** Catalog queries; plain functions taking `db` (or a transaction) first. */

export interface BookTileRow {
  bookId: number;
  titleId: number;
  title: string;
  vol: number;
  price: number;
  salePrice: number | null;
  saleStartDatetime: number | null;
  saleEndDatetime: number | null;
  freeFlg: number;
  freeStartDatetime: number | null;
  freeEndDatetime: number | null;
  startDatetime: number;
  layoutType: number;
  mediaVersion: number;
  pageType: string;
  eroticType: number;
  /** The title's live reviews and their star total (the tile's stars; migration 0900). */
  reviewCount: number;
  reviewStarTotal: number;
  /** The title's genre and publisher (genre and publisher point campaigns of the tile's badge). */
  genreId?: number | null;
  publisherId?: number | null;
}

export const bookTileColumns = [
  'b.id as bookId',
  'b.title_id as titleId',
  't.name as title',
  'b.vol',
  'b.price',
  'b.sale_price as salePrice',
  'b.sale_start_datetime as saleStartDatetime',
  'b.sale_end_datetime as saleEndDatetime',
  'b.free_flg as freeFlg',
  'b.free_start_datetime as freeStartDatetime',
  'b.free_end_datetime as freeEndDatetime',
  'b.start_datetime as startDatetime',
  'b.layout_type as layoutType',
  'b.media_version as mediaVersion',
  't.page_type as pageType',
  't.erotic_type as eroticType',
  't.review_count as reviewCount',
  't.review_star_total as reviewStarTotal',
  't.genre_id as genreId',
  't.publisher_id as publisherId',
] as const;

/** Books released by `now`, newest first, of titles with one of `eroticTypes`. */
export function newestBooks(db: Db, q: { limit: number; eroticTypes: number[]; now: number }): Promise<BookTileRow[]> {
  return db
    .selectFrom('books as b')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(bookTileColumns)
    .where('b.start_datetime', '<=', q.now)
    .where('b.sales_status', '=', 'ON_SALE')
    .where('t.erotic_type', 'in', q.eroticTypes)
    .orderBy('b.start_datetime', 'desc')
    .orderBy('b.id', 'desc')
    .limit(q.limit)
    .execute();
}

/** The first instant after `now` at which any book is released or ends, or its sale or free period starts or ends (infinity: none). */
export async function readNextBookChange(db: Db, now: number): Promise<number> {
  const after = (column: string) => sql<number | null>`min(case when ${sql.ref(column)} > ${now} then ${sql.ref(column)} end)`;
  const row = await db
    .selectFrom('books')
    .select([
      after('start_datetime').as('a'),
      after('end_datetime').as('b'),
      after('sale_start_datetime').as('c'),
      after('sale_end_datetime').as('d'),
      after('free_start_datetime').as('e'),
      after('free_end_datetime').as('f'),
    ])
    .executeTakeFirst();
  const instants = row ? [row.a, row.b, row.c, row.d, row.e, row.f] : [];
  return Math.min(...instants.map((t) => (t === null ? Number.POSITIVE_INFINITY : Number(t))));
}
