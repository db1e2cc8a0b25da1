import { ShelfSort } from '@hondana/domain/bookshelf/bookshelf';
import { escapeLike } from '@hondana/domain/catalog/search-text';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/schema';
import { type IdSlots, idParams, idSlots, preparedQuery } from '../../db/prepared-query';
import type { SeriesRow } from './bookshelf.repository';

const CHUNK = 500;

/**
 * Recomputes the member's shelf summary (`shelf_series`) for the given titles from what they
 * hold now. Called inside the transaction of every change to a member's books, rentals or
 * hidden flags. The summary row is claimed first (an upsert that locks it), so on PostgreSQL
 * two changes to one series wait for each other and the second counts the first's rows.
 */
export async function refreshShelfSeries(db: Db, userId: number, titleIds: readonly number[]): Promise<void> {
  const ids = [...new Set(titleIds)];
  for (let i = 0; i < ids.length; i += CHUNK) await refreshChunk(db, userId, ids.slice(i, i + CHUNK));
}

/**
 * A newly granted (shown) book counts on its series' summary: one upsert that reads the book's
 * series and volume itself (INSERT … SELECT), so the purchase path pays a row, not a recount of
 * the series nor a read of the book. Built once (see preparedQuery): every purchase runs it.
 */
export async function shelfBookGranted(db: Db, userId: number, bookId: number, at: number): Promise<void> {
  await bookGrantedStatement.execute(db, { userId, bookId, at });
}

const bookGrantedStatement = preparedQuery((db, $: { userId: number; bookId: number; at: number }) =>
  db
    .insertInto('shelf_series')
    .columns([
      'user_id',
      'title_id',
      'book_count',
      'hidden_count',
      'rental_count',
      'newest_book_id',
      'newest_vol',
      'last_bought_at',
      'last_read_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('books')
        .select([
          sql<number>`cast(${$.userId} as integer)`.as('user_id'),
          'title_id',
          sql<number>`1`.as('book_count'),
          sql<number>`0`.as('hidden_count'),
          sql<number>`0`.as('rental_count'),
          'id',
          'vol',
          sql<number>`cast(${$.at} as bigint)`.as('last_bought_at'),
          sql<null>`null`.as('last_read_at'),
        ])
        .where('id', '=', $.bookId),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'title_id']).doUpdateSet({
        book_count: sql`shelf_series.book_count + 1`,
        newest_book_id: sql`case when shelf_series.newest_vol is null or excluded.newest_vol > shelf_series.newest_vol then excluded.newest_book_id else shelf_series.newest_book_id end`,
        newest_vol: sql`case when shelf_series.newest_vol is null or excluded.newest_vol > shelf_series.newest_vol then excluded.newest_vol else shelf_series.newest_vol end`,
        last_bought_at: sql`case when excluded.last_bought_at > shelf_series.last_bought_at then excluded.last_bought_at else shelf_series.last_bought_at end`,
      }),
    ),
);

/** `refreshShelfSeries` for the series of the given books. */
export async function refreshShelfOfBooks(db: Db, userId: number, bookIds: readonly number[]): Promise<void> {
  if (bookIds.length === 0) return;
  const rows = await db
    .selectFrom('books')
    .select('title_id')
    .where('id', 'in', [...bookIds])
    .execute();
  await refreshShelfSeries(
    db,
    userId,
    rows.map((r) => r.title_id),
  );
}

async function refreshChunk(db: Db, userId: number, titleIds: number[]): Promise<void> {
  if (titleIds.length === 0) return;
  await db
    .insertInto('shelf_series')
    .values(
      titleIds.map((titleId) => ({
        user_id: userId,
        title_id: titleId,
        book_count: 0,
        hidden_count: 0,
        rental_count: 0,
        newest_book_id: null,
        newest_vol: null,
        last_bought_at: 0,
        last_read_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'title_id']).doUpdateSet({ book_count: (eb) => eb.ref('shelf_series.book_count') }))
    .execute();
  const [books, newest, rentals] = await Promise.all([
    db
      .selectFrom('user_books as ub')
      .innerJoin('books as b', 'b.id', 'ub.book_id')
      .leftJoin('reading_positions as rp', (j) => j.onRef('rp.user_id', '=', 'ub.user_id').onRef('rp.book_id', '=', 'ub.book_id'))
      .where('ub.user_id', '=', userId)
      .where('b.title_id', 'in', titleIds)
      .groupBy('b.title_id')
      .select([
        'b.title_id as titleId',
        sql<number>`sum(case when ub.hidden_at is null then 1 else 0 end)`.as('shown'),
        sql<number>`sum(case when ub.hidden_at is null then 0 else 1 end)`.as('hidden'),
        sql<number | null>`max(case when ub.hidden_at is null then ub.created_at end)`.as('boughtAt'),
        sql<number | null>`max(case when ub.hidden_at is null then rp.read_at end)`.as('readAt'),
      ])
      .execute(),
    db
      .selectFrom('user_books as ub')
      .innerJoin('books as b', 'b.id', 'ub.book_id')
      .where('ub.user_id', '=', userId)
      .where('ub.hidden_at', 'is', null)
      .where('b.title_id', 'in', titleIds)
      .select(['b.id', 'b.title_id', 'b.vol'])
      .execute(),
    db
      .selectFrom('user_serial_episodes as ue')
      .innerJoin('serials as s', 's.id', 'ue.serial_id')
      .where('ue.user_id', '=', userId)
      .where('ue.rental_end', 'is not', null)
      .where('s.title_id', 'in', titleIds)
      .groupBy('s.title_id')
      .select([
        sql<number>`s.title_id`.as('titleId'),
        sql<number>`count(*)`.as('n'),
        sql<number | null>`max(ue.rented_at)`.as('rentedAt'),
        sql<number | null>`max(ue.read_started_at)`.as('readAt'),
      ])
      .execute(),
  ]);
  const bookBy = new Map(books.map((r) => [r.titleId, r]));
  const rentalBy = new Map(rentals.map((r) => [Number(r.titleId), r]));
  const newestBy = new Map<number, { id: number; vol: number }>();
  for (const b of newest) {
    const seen = newestBy.get(b.title_id);
    if (!seen || b.vol > seen.vol) newestBy.set(b.title_id, { id: b.id, vol: b.vol });
  }
  const gone: number[] = [];
  for (const titleId of titleIds) {
    const b = bookBy.get(titleId);
    const r = rentalBy.get(titleId);
    const shown = Number(b?.shown ?? 0);
    const hidden = Number(b?.hidden ?? 0);
    const rented = Number(r?.n ?? 0);
    if (shown + hidden + rented === 0) {
      gone.push(titleId);
      continue;
    }
    const top = newestBy.get(titleId);
    await db
      .updateTable('shelf_series')
      .set({
        book_count: shown,
        hidden_count: hidden,
        rental_count: rented,
        newest_book_id: top?.id ?? null,
        newest_vol: top?.vol ?? null,
        last_bought_at: maxOf(b?.boughtAt, r?.rentedAt) ?? 0,
        last_read_at: maxOf(b?.readAt, r?.readAt),
      })
      .where('user_id', '=', userId)
      .where('title_id', '=', titleId)
      .execute();
  }
  if (gone.length) await db.deleteFrom('shelf_series').where('user_id', '=', userId).where('title_id', 'in', gone).execute();
}

function maxOf(a: number | string | null | undefined, b: number | string | null | undefined): number | null {
  const values = [a, b].filter((v) => v !== null && v !== undefined).map(Number);
  return values.length ? Math.max(...values) : null;
}

/** A synced reading moves the series' last read forward (only for a series on the shelf). */
export async function touchShelfRead(db: Db, userId: number, titleId: number, readAt: number): Promise<void> {
  await db
    .updateTable('shelf_series')
    .set({ last_read_at: readAt })
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .where((eb) => eb.or([eb('last_read_at', 'is', null), eb('last_read_at', '<', readAt)]))
    .execute();
}

interface SummaryScope {
  userId: number;
  words: string[];
  eroticTypes: number[];
}

/** The member's shown series, of titles the viewer may see and matching every word. */
function shownSeries(db: Db, userId: unknown, eroticTypes: number[], words: unknown[]) {
  let base = db
    .selectFrom('shelf_series as ss')
    .innerJoin('titles as t', 't.id', 'ss.title_id')
    .where('ss.user_id', '=', userId as number)
    .where(sql<SqlBool>`ss.book_count + ss.rental_count > 0`)
    .where('t.erotic_type', 'in', eroticTypes);
  for (const w of words) base = base.where(sql<SqlBool>`t.search_text LIKE ${w} ESCAPE '\\'`);
  return base;
}

/** Each sort, adult rule and number of words is one statement, built and compiled once. */
interface Shape {
  sort: ShelfSort;
  eroticTypes: number[];
  words: number;
}

type PageParams = { userId: number; offset: number; limit: number } & Record<`w${number}`, string>;

const pageQuery = preparedQuery((db, $: PageParams, s: Shape) => {
  const words = Array.from({ length: s.words }, (_, i) => $[`w${i}`]);
  let rows = shownSeries(db, $.userId, s.eroticTypes, words).select([
    'ss.title_id as titleId',
    't.name',
    't.kana',
    't.erotic_type as eroticType',
    sql<number>`ss.book_count + ss.rental_count`.as('n'),
    'ss.newest_vol as newestVol',
    'ss.newest_book_id as newestBookId',
    'ss.last_bought_at as boughtAt',
    'ss.last_read_at as readAt',
  ]);
  if (s.sort === ShelfSort.PURCHASE_DATE) rows = rows.orderBy('ss.last_bought_at', 'desc');
  else if (s.sort === ShelfSort.LAST_READ)
    rows = rows.orderBy(sql`coalesce(ss.last_read_at, -1)`, 'desc').orderBy('ss.last_bought_at', 'desc');
  else if (s.sort === ShelfSort.AUTHOR) {
    rows = rows.orderBy(
      sql`coalesce((select a.kana from title_authors ta inner join authors a on a.id = ta.author_id where ta.title_id = ss.title_id order by ta.sort_order, a.id limit 1), '')`,
    );
  }
  if (s.sort === ShelfSort.TITLE || s.sort === ShelfSort.AUTHOR) rows = rows.orderBy('t.kana');
  return rows.orderBy('ss.title_id').offset($.offset).limit($.limit);
});

/** The unfiltered shelf from the summary: one row per series with something shown. */
export async function summaryPage(
  db: Db,
  q: SummaryScope & { sort: ShelfSort; offset: number; limit: number },
): Promise<(SeriesRow & { newestBookId: number | null })[]> {
  const patterns = q.words.map((w) => `%${escapeLike(w)}%`);
  const params = {
    userId: q.userId,
    offset: q.offset,
    limit: q.limit,
    ...Object.fromEntries(patterns.map((p, i) => [`w${i}`, p])),
  } as PageParams;
  const shape: Shape = { sort: q.sort, eroticTypes: q.eroticTypes, words: patterns.length };
  const { rows: result } = await pageQuery.execute(db, params, shape);
  // The count is a query of its own: a window count would join every series' title row first.
  const total = result.length ? await summaryCount(db, q) : 0;
  return result.map((r) => ({
    ...r,
    n: Number(r.n),
    boughtAt: Number(r.boughtAt),
    readAt: r.readAt === null ? null : Number(r.readAt),
    total,
  }));
}

const shownCount = preparedQuery((db, $: { userId: number }) =>
  db
    .selectFrom('shelf_series as ss')
    .where('ss.user_id', '=', $.userId)
    .where(sql<SqlBool>`ss.book_count + ss.rental_count > 0`)
    .select((eb) => eb.fn.countAll<number>().as('n')),
);
const unlistedCount = preparedQuery((db, $: { userId: number }, eroticTypes: readonly number[]) =>
  db
    .selectFrom('shelf_series as ss')
    .where('ss.user_id', '=', $.userId)
    .where(sql<SqlBool>`ss.book_count + ss.rental_count > 0`)
    .where('ss.title_id', 'in', (eb) => eb.selectFrom('titles').select('id').where('erotic_type', 'not in', eroticTypes))
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * Series of the unfiltered shelf. Without words it counts the member's summary rows on their
 * index and takes away those of titles this viewer may not see (a few, found on titles' index).
 */
export async function summaryCount(db: Db, q: SummaryScope): Promise<number> {
  if (q.words.length === 0) {
    const all = await shownCount.execute(db, { userId: q.userId });
    const unlisted = await unlistedCount.execute(db, { userId: q.userId }, q.eroticTypes);
    return Number(all.rows[0]!.n) - Number(unlisted.rows[0]!.n);
  }
  const row = await shownSeries(
    db,
    q.userId,
    q.eroticTypes,
    q.words.map((w) => `%${escapeLike(w)}%`),
  )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `id in (…)` over `n` slots named i0…i(n-1): one compiled statement per list length. */
const versionsQuery = preparedQuery((db, $: IdSlots, count: number) =>
  db.selectFrom('books').select(['id', 'media_version']).where('id', 'in', idSlots($, count)),
);

/** Cover versions of the newest volumes on a page. */
export async function mediaVersions(db: Db, bookIds: number[]): Promise<Map<number, number>> {
  if (bookIds.length === 0) return new Map();
  const { rows } = await versionsQuery.execute(db, idParams(bookIds), bookIds.length);
  return new Map(rows.map((r) => [r.id, r.media_version]));
}

const creditsQuery = preparedQuery((db, $: IdSlots, count: number) =>
  db
    .selectFrom('title_authors as ta')
    .innerJoin('authors as a', 'a.id', 'ta.author_id')
    .select(['ta.title_id as titleId', 'a.id as authorId', 'a.name', 'a.kana'])
    .where('ta.title_id', 'in', idSlots($, count))
    .orderBy('ta.title_id')
    .orderBy('ta.sort_order')
    .orderBy('a.id'),
);

/** The credited authors of each title on a page, in credit order (the catalog's order). */
export async function creditsOf(db: Db, titleIds: number[]): Promise<Map<number, { authorId: number; name: string; kana: string }[]>> {
  const result = new Map<number, { authorId: number; name: string; kana: string }[]>();
  if (titleIds.length === 0) return result;
  const { rows } = await creditsQuery.execute(db, idParams(titleIds), titleIds.length);
  for (const { titleId, ...author } of rows) result.set(titleId, [...(result.get(titleId) ?? []), author]);
  return result;
}
