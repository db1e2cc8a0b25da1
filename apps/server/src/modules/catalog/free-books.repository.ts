import type { Db } from '../../db/schema';
import { type BookTileRow, bookTileColumns } from './catalog.repository';

/**
 * Books free at `now` of titles on the given shelves (null: every shelf) with one of the
 * erotic types. `closely`: limited free books whose period ends soonest; `newly`: books that
 * became free (or were released free) most recently.
 */
export function freeBooks(
  db: Db,
  q: {
    order: 'closely' | 'newly';
    pageTypes: readonly string[] | null;
    eroticTypes: number[];
    now: number;
    offset: number;
    limit: number;
    titleId?: number;
  },
): Promise<BookTileRow[]> {
  let query = db
    .selectFrom('books as b')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(bookTileColumns)
    .where('b.free_flg', '=', 1)
    .where((eb) => eb.or([eb('b.free_start_datetime', 'is', null), eb('b.free_start_datetime', '<=', q.now)]))
    .where('b.start_datetime', '<=', q.now)
    .where('b.sales_status', '=', 'ON_SALE')
    .where('t.erotic_type', 'in', q.eroticTypes);
  if (q.pageTypes) query = query.where('t.page_type', 'in', q.pageTypes.length ? [...q.pageTypes] : ['-']);
  if (q.titleId !== undefined) query = query.where('b.title_id', '=', q.titleId);
  if (q.order === 'closely') {
    query = query
      .where('b.free_end_datetime', 'is not', null)
      .where('b.free_end_datetime', '>', q.now)
      .orderBy('b.free_end_datetime', 'asc')
      .orderBy('b.id', 'asc');
  } else {
    query = query
      .where((eb) => eb.or([eb('b.free_end_datetime', 'is', null), eb('b.free_end_datetime', '>', q.now)]))
      .orderBy((eb) => eb.fn.coalesce('b.free_start_datetime', 'b.start_datetime'), 'desc')
      .orderBy('b.id', 'desc');
  }
  return query.offset(q.offset).limit(q.limit).execute();
}

export function findTitle(db: Db, titleId: number) {
  return db
    .selectFrom('titles')
    .select(['id', 'name', 'erotic_type as eroticType', 'page_type as pageType', 'genre_id as genreId'])
    .where('id', '=', titleId)
    .executeTakeFirst();
}
