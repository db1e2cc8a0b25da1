import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Catalog queries; plain functions taking `db` (or a transaction) first. */
type Db = Kysely<Database>;

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

export interface TitleRow {
  id: number;
  name: string;
  kana: string;
  pageType: string;
  genreId: number | null;
  eroticType: number;
  completeFlg: number;
  maxVol: number;
  minVolBookId: number;
  maxVolBookId: number;
  coverVersion: number;
}

/** Titles by id, each with its first and last volume (§3 Title: maxVol, minVolBookId, maxVolBookId). */
export async function titlesPage(
  db: Db,
  q: { offset: number; limit: number; eroticTypes: number[]; titleIds?: number[] },
): Promise<{ totalCount: number; rows: TitleRow[] }> {
  let base = db.selectFrom('titles as t').where('t.erotic_type', 'in', q.eroticTypes);
  if (q.titleIds) base = base.where('t.id', 'in', q.titleIds.length ? q.titleIds : [-1]);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('books as first', (j) =>
      j.onRef('first.title_id', '=', 't.id').on((eb) =>
        eb(
          'first.vol',
          '=',
          eb
            .selectFrom('books as b1')
            .select((e) => e.fn.min('b1.vol').as('v'))
            .whereRef('b1.title_id', '=', 't.id'),
        ),
      ),
    )
    .innerJoin('books as last', (j) =>
      j.onRef('last.title_id', '=', 't.id').on((eb) =>
        eb(
          'last.vol',
          '=',
          eb
            .selectFrom('books as b2')
            .select((e) => e.fn.max('b2.vol').as('v'))
            .whereRef('b2.title_id', '=', 't.id'),
        ),
      ),
    )
    .select([
      't.id',
      't.name',
      't.kana',
      't.page_type as pageType',
      't.genre_id as genreId',
      't.erotic_type as eroticType',
      't.complete_flg as completeFlg',
      'last.vol as maxVol',
      'first.id as minVolBookId',
      'last.id as maxVolBookId',
      'first.media_version as coverVersion',
    ])
    .orderBy('t.id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { totalCount: Number(total.n), rows };
}
