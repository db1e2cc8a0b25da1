import { type ShelfFilter, ShelfSort } from '@hondana/domain/bookshelf/bookshelf';
import { escapeLike } from '@hondana/domain/catalog/search-text';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/schema';

/** What narrows the shelf: the member, the instant, a filter and keyword words (already normalised). */
export interface ShelfScope {
  userId: number;
  now: number;
  filter: ShelfFilter;
  words: string[];
  eroticTypes: number[];
}

export interface SeriesRow {
  titleId: number;
  name: string;
  kana: string;
  eroticType: number;
  n: number;
  newestVol: number | null;
  boughtAt: number;
  readAt: number | null;
  total: number;
}

const includesBooks = (filter: ShelfFilter) => filter !== 'RENTAL';
const includesRentals = (filter: ShelfFilter) => filter === 'ALL' || filter === 'RENTAL';

/**
 * The member's books matching the filter, from `user_books` (the orders area's entitlements).
 * Hidden books are only in HIDDEN; a RESERVED book is one not released at `now` (§4 possession).
 */
function shelfBooks(db: Db, s: ShelfScope) {
  let q = db.selectFrom('user_books as ub').innerJoin('books as b', 'b.id', 'ub.book_id').where('ub.user_id', '=', s.userId);
  q = s.filter === 'HIDDEN' ? q.where('ub.hidden_at', 'is not', null) : q.where('ub.hidden_at', 'is', null);
  if (s.filter === 'PURCHASED') q = q.where('ub.source', 'in', ['PURCHASE', 'GRANT']).where('b.start_datetime', '<=', s.now);
  if (s.filter === 'RESERVED') q = q.where('b.start_datetime', '>', s.now);
  if (s.filter === 'FREE') q = q.where('ub.source', '=', 'FREE');
  if (s.filter === 'READING') {
    q = q
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('reading_positions as rp')
            .select('rp.book_id')
            .whereRef('rp.user_id', '=', 'ub.user_id')
            .whereRef('rp.book_id', '=', 'ub.book_id')
            .where('rp.page', '>', 0),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('read_ends as re')
              .select('re.book_id')
              .whereRef('re.user_id', '=', 'ub.user_id')
              .whereRef('re.book_id', '=', 'ub.book_id'),
          ),
        ),
      );
  }
  return q;
}

/** Rented episodes (active or expired) of serials that belong to a title. */
function shelfRentals(db: Db, s: ShelfScope) {
  return db
    .selectFrom('user_serial_episodes as ue')
    .innerJoin('serials as s', 's.id', 'ue.serial_id')
    .where('ue.user_id', '=', s.userId)
    .where('ue.rental_end', 'is not', null)
    .where('s.title_id', 'is not', null);
}

function titleConditions(s: ShelfScope, titleRef: 't') {
  return (eb: { and: (e: Expression<SqlBool>[]) => Expression<SqlBool> }) =>
    eb.and([
      sql<SqlBool>`${sql.ref(`${titleRef}.erotic_type`)} in (${sql.join(s.eroticTypes)})`,
      ...s.words.map((w) => sql<SqlBool>`${sql.ref(`${titleRef}.search_text`)} LIKE ${`%${escapeLike(w)}%`} ESCAPE '\\'`),
    ]);
}

function groupedBooks(db: Db, s: ShelfScope, lastRead: boolean) {
  let books = shelfBooks(db, s);
  if (lastRead)
    books = books.leftJoin('reading_positions as rp', (j) =>
      j.onRef('rp.user_id', '=', 'ub.user_id').onRef('rp.book_id', '=', 'ub.book_id'),
    );
  return books
    .groupBy('b.title_id')
    .select((eb) => [
      'b.title_id as title_id',
      eb.fn.countAll<number>().as('n'),
      sql<number | null>`max(b.vol)`.as('newest_vol'),
      sql<number>`max(ub.created_at)`.as('bought_at'),
      (lastRead ? sql<number | null>`max(rp.read_at)` : sql<number | null>`cast(null as bigint)`).as('read_at'),
    ]);
}

function groupedRentals(db: Db, s: ShelfScope) {
  return shelfRentals(db, s)
    .groupBy('s.title_id')
    .select((eb) => [
      sql<number>`s.title_id`.as('title_id'),
      eb.fn.countAll<number>().as('n'),
      sql<number | null>`cast(null as integer)`.as('newest_vol'),
      sql<number>`max(ue.rented_at)`.as('bought_at'),
      sql<number | null>`max(ue.read_started_at)`.as('read_at'),
    ]);
}

/**
 * One row per series (title) with the member's matching volumes and rented episodes: how many,
 * the newest volume, when last bought and read; sorted and paged, with the number of series.
 */
export async function seriesPage(db: Db, s: ShelfScope, sort: ShelfSort, page: { offset: number; limit: number }): Promise<SeriesRow[]> {
  const lastRead = sort === ShelfSort.LAST_READ;
  const books = includesBooks(s.filter) ? groupedBooks(db, s, lastRead) : null;
  const rentals = includesRentals(s.filter) ? groupedRentals(db, s) : null;
  // Both parts answer the same row shape; Kysely types each by its own tables.
  const union = books && rentals ? books.unionAll(rentals as unknown as typeof books) : (books ?? (rentals as unknown as typeof books));
  if (!union) return [];
  let q = db
    .selectFrom(union.as('g'))
    .innerJoin('titles as t', 't.id', 'g.title_id')
    .where(titleConditions(s, 't'))
    .groupBy(['g.title_id', 't.name', 't.kana', 't.erotic_type'])
    .select([
      'g.title_id as titleId',
      't.name',
      't.kana',
      't.erotic_type as eroticType',
      sql<number>`sum(g.n)`.as('n'),
      sql<number | null>`max(g.newest_vol)`.as('newestVol'),
      sql<number>`max(g.bought_at)`.as('boughtAt'),
      sql<number | null>`max(g.read_at)`.as('readAt'),
      sql<number>`count(*) over ()`.as('total'),
    ]);
  if (sort === ShelfSort.PURCHASE_DATE) q = q.orderBy(sql`max(g.bought_at)`, 'desc');
  else if (sort === ShelfSort.LAST_READ) q = q.orderBy(sql`coalesce(max(g.read_at), -1)`, 'desc').orderBy(sql`max(g.bought_at)`, 'desc');
  else if (sort === ShelfSort.AUTHOR) {
    q = q.orderBy(
      sql`coalesce((select a.kana from title_authors ta inner join authors a on a.id = ta.author_id where ta.title_id = g.title_id order by ta.sort_order, a.id limit 1), '')`,
    );
  }
  if (sort === ShelfSort.TITLE || sort === ShelfSort.AUTHOR) q = q.orderBy('t.kana');
  const rows = await q.orderBy('g.title_id').offset(page.offset).limit(page.limit).execute();
  return rows.map((r) => ({
    ...r,
    n: Number(r.n),
    newestVol: r.newestVol === null ? null : Number(r.newestVol),
    boughtAt: Number(r.boughtAt),
    readAt: r.readAt === null ? null : Number(r.readAt),
    total: Number(r.total),
  }));
}

/** Counts the series of a scope (asked only when a page past the end came back empty). */
export async function seriesCount(db: Db, s: ShelfScope): Promise<number> {
  const rows = await seriesPage(db, s, ShelfSort.TITLE, { offset: 0, limit: 1_000_000 });
  return rows.length;
}

/** The newest matching volume of each title (its cover is the tile's). */
export async function newestVolumes(db: Db, s: ShelfScope, titleIds: number[]): Promise<Map<number, { bookId: number; version: number }>> {
  const result = new Map<number, { bookId: number; version: number; vol: number }>();
  if (titleIds.length === 0 || !includesBooks(s.filter)) return result;
  const rows = await shelfBooks(db, s)
    .where('b.title_id', 'in', titleIds)
    .select(['b.id', 'b.title_id', 'b.vol', 'b.media_version'])
    .execute();
  for (const r of rows) {
    const seen = result.get(r.title_id);
    if (!seen || r.vol > seen.vol) result.set(r.title_id, { bookId: r.id, version: r.media_version, vol: r.vol });
  }
  return result;
}

/** The first volume of each title, or else a serial of it: the tile of a series held only as rented episodes. */
export async function titleImages(
  db: Db,
  titleIds: number[],
): Promise<Map<number, { bookId: number; version: number } | { serialId: number }>> {
  const result = new Map<number, { bookId: number; version: number } | { serialId: number }>();
  if (titleIds.length === 0) return result;
  const [books, serials] = await Promise.all([
    db
      .selectFrom('books')
      .select(['id', 'title_id', 'media_version'])
      .where('title_id', 'in', titleIds)
      .orderBy('vol')
      .orderBy('id')
      .execute(),
    db.selectFrom('serials').select(['id', 'title_id']).where('title_id', 'in', titleIds).orderBy('id').execute(),
  ]);
  for (const b of books) if (!result.has(b.title_id)) result.set(b.title_id, { bookId: b.id, version: b.media_version });
  for (const s of serials) if (s.title_id !== null && !result.has(s.title_id)) result.set(s.title_id, { serialId: s.id });
  return result;
}

export function findTitle(db: Db, titleId: number, eroticTypes: number[]) {
  return db
    .selectFrom('titles')
    .select(['id', 'name', 'kana', 'erotic_type as eroticType'])
    .where('id', '=', titleId)
    .where('erotic_type', 'in', eroticTypes)
    .executeTakeFirst();
}

/** Every volume of a title the member holds, with its synced page and read-end. */
export function heldVolumes(db: Db, userId: number, titleId: number) {
  return db
    .selectFrom('user_books as ub')
    .innerJoin('books as b', 'b.id', 'ub.book_id')
    .leftJoin('reading_positions as rp', (j) => j.onRef('rp.user_id', '=', 'ub.user_id').onRef('rp.book_id', '=', 'ub.book_id'))
    .leftJoin('read_ends as re', (j) => j.onRef('re.user_id', '=', 'ub.user_id').onRef('re.book_id', '=', 'ub.book_id'))
    .where('ub.user_id', '=', userId)
    .where('b.title_id', '=', titleId)
    .select([
      'b.id as bookId',
      'b.vol',
      'b.contents_name as contentsName',
      'b.media_version as version',
      'b.start_datetime as startDatetime',
      'b.page_count as pageCount',
      'ub.source',
      'ub.created_at as boughtAt',
      'ub.hidden_at as hiddenAt',
      'rp.page',
      'rp.read_at as readAt',
      're.book_id as readEndBookId',
    ])
    .orderBy('b.vol')
    .orderBy('b.id')
    .execute();
}

/** The member's rented episodes of a title's serials, in serial and release order. */
export function rentedEpisodes(db: Db, userId: number, titleId: number) {
  return db
    .selectFrom('user_serial_episodes as ue')
    .innerJoin('serial_episodes as e', 'e.id', 'ue.episode_id')
    .innerJoin('serials as s', 's.id', 'ue.serial_id')
    .where('ue.user_id', '=', userId)
    .where('s.title_id', '=', titleId)
    .where('ue.rental_end', 'is not', null)
    .select([
      'e.id',
      'e.serial_id as serialId',
      's.name as serialName',
      'e.title',
      'e.order_sequence as orderSequence',
      'ue.rental_end as rentalEnd',
      'ue.rented_at as rentedAt',
    ])
    .orderBy('s.id')
    .orderBy('e.order_sequence')
    .execute();
}

/** The title's volumes still distributed at `now` (candidates for the next-volume prompt). */
export function distributedVolumes(db: Db, titleId: number, now: number) {
  return db
    .selectFrom('books')
    .select([
      'id as bookId',
      'vol',
      'contents_name as contentsName',
      'media_version as version',
      'price',
      'sale_price as salePrice',
      'sale_start_datetime as saleStartDatetime',
      'sale_end_datetime as saleEndDatetime',
      'free_flg as freeFlg',
      'free_start_datetime as freeStartDatetime',
      'free_end_datetime as freeEndDatetime',
      'start_datetime as startDatetime',
    ])
    .where('title_id', '=', titleId)
    .where('sales_status', '!=', 'STOPPED')
    .where((eb) => eb.or([eb('end_datetime', 'is', null), eb('end_datetime', '>', now)]))
    .execute();
}

/** Books the member last opened, newest first: not finished, not hidden, of listed erotic types. */
export function recentBooks(db: Db, userId: number, eroticTypes: number[], limit: number) {
  return db
    .selectFrom('reading_positions as rp')
    .innerJoin('books as b', 'b.id', 'rp.book_id')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .leftJoin('user_books as ub', (j) => j.onRef('ub.user_id', '=', 'rp.user_id').onRef('ub.book_id', '=', 'rp.book_id'))
    .where('rp.user_id', '=', userId)
    .where('t.erotic_type', 'in', eroticTypes)
    .where('ub.hidden_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('read_ends as re')
            .select('re.book_id')
            .whereRef('re.user_id', '=', 'rp.user_id')
            .whereRef('re.book_id', '=', 'rp.book_id'),
        ),
      ),
    )
    .select([
      'b.id as bookId',
      'b.contents_name as title',
      'b.media_version as version',
      'b.page_count as totalPage',
      'rp.page',
      'rp.read_at as readAt',
    ])
    .orderBy('rp.read_at', 'desc')
    .orderBy('rp.book_id', 'desc')
    .limit(limit)
    .execute();
}

/** Serial episodes the member last opened (the serial history), newest first. */
export function recentEpisodes(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('user_serials as us')
    .innerJoin('serial_episodes as e', 'e.id', 'us.last_episode_id')
    .innerJoin('serials as s', 's.id', 'us.serial_id')
    .where('us.user_id', '=', userId)
    .where('us.history_visible', '=', 1)
    .where('us.last_read_at', 'is not', null)
    .select([
      'e.id as episodeId',
      'e.title',
      's.name as serialName',
      's.id as serialId',
      's.category',
      'e.page_count as totalPage',
      'us.last_read_at as readAt',
    ])
    .orderBy('us.last_read_at', 'desc')
    .orderBy('us.serial_id', 'desc')
    .limit(limit)
    .execute();
}
