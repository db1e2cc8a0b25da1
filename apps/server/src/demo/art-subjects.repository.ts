import type { Db } from '../db/schema';
import type { SerialSubject } from './art/subjects';

/** Catalog reads for drawing: the rows behind what a cover, a page or a serial image shows. */

export interface BookArtRow {
  bookId: number;
  titleId: number;
  vol: number;
  contentsName: string;
  layoutType: number;
  direction: 'rtl' | 'ltr';
  pageCount: number;
  samplePageTotal: number;
  customSamplePages: string | null;
  mediaVersion: number;
  titleName: string;
  pageType: string;
  genreId: number | null;
  eroticType: number;
  publisher: string | null;
}

export function bookArtRows(db: Db, bookIds?: number[]): Promise<BookArtRow[]> {
  let query = db
    .selectFrom('books as b')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .leftJoin('publishers as p', 'p.id', 't.publisher_id')
    .select([
      'b.id as bookId',
      'b.title_id as titleId',
      'b.vol',
      'b.contents_name as contentsName',
      'b.layout_type as layoutType',
      'b.direction',
      'b.page_count as pageCount',
      'b.sample_page_total as samplePageTotal',
      'b.custom_sample_pages as customSamplePages',
      'b.media_version as mediaVersion',
      't.name as titleName',
      't.page_type as pageType',
      't.genre_id as genreId',
      't.erotic_type as eroticType',
      'p.name as publisher',
    ])
    .orderBy('b.id');
  if (bookIds) query = query.where('b.id', 'in', bookIds.length ? bookIds : [-1]);
  return query.execute();
}

/** Credited names per title, in credit order. */
export async function authorNames(db: Db, titleIds: number[]): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('title_authors as ta')
    .innerJoin('authors as a', 'a.id', 'ta.author_id')
    .select(['ta.title_id as titleId', 'a.name'])
    .where('ta.title_id', 'in', titleIds.length ? titleIds : [-1])
    .orderBy('ta.title_id')
    .orderBy('ta.sort_order')
    .execute();
  const out = new Map<number, string[]>();
  for (const row of rows) out.set(row.titleId, [...(out.get(row.titleId) ?? []), row.name]);
  return out;
}

export async function volumeCounts(db: Db, titleIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('books')
    .select(['title_id as titleId', db.fn.countAll<number>().as('n')])
    .where('title_id', 'in', titleIds.length ? titleIds : [-1])
    .groupBy('title_id')
    .execute();
  return new Map(rows.map((r) => [r.titleId, Number(r.n)]));
}

/** The stored size of one page of a book; undefined when the book has no such page. */
export async function bookPageSize(db: Db, bookId: number, page: number) {
  return db
    .selectFrom('book_pages')
    .select(['width', 'height'])
    .where('book_id', '=', bookId)
    .where('page_no', '=', page)
    .executeTakeFirst();
}

/** Every page's size of the given books, in book then page order. */
export async function bookPageSizes(db: Db, bookIds: number[]) {
  return db
    .selectFrom('book_pages')
    .select(['book_id as bookId', 'page_no as page', 'width', 'height'])
    .where('book_id', 'in', bookIds)
    .orderBy('book_id')
    .orderBy('page_no')
    .execute();
}

/** An episode's page with its serial (and the serial's title when it has one). */
export async function episodePageRow(db: Db, episodeId: number, page: number) {
  return db
    .selectFrom('serial_episodes as e')
    .innerJoin('serials as s', 's.id', 'e.serial_id')
    .innerJoin('serial_episode_pages as ep', (j) => j.onRef('ep.episode_id', '=', 'e.id').on('ep.page_no', '=', page))
    .leftJoin('titles as t', 't.id', 's.title_id')
    .select([
      'e.id',
      'e.title as episodeTitle',
      'e.layout_type as layoutType',
      'e.page_count as pageCount',
      's.id as serialId',
      's.name as serialName',
      's.category',
      's.title_id as titleId',
      't.genre_id as genreId',
      'ep.width',
      'ep.height',
    ])
    .where('e.id', '=', episodeId)
    .executeTakeFirst();
}

export async function serialSubjects(db: Db, serialIds?: number[]): Promise<SerialSubject[]> {
  let query = db
    .selectFrom('serials as s')
    .select(['s.id as serialId', 's.title_id as titleId', 's.name', 's.theme_color as themeColor', 's.sub_color as subColor'])
    .orderBy('s.id');
  if (serialIds) query = query.where('s.id', 'in', serialIds.length ? serialIds : [-1]);
  return query.execute();
}
