import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type BookTileRow, bookTileColumns } from './catalog.repository';

type Db = Kysely<Database>;

export interface TitleEventCounts {
  titleId: number;
  pageType: string;
  eroticType: number;
  /** Counts in `[from, to)`. */
  recent: { purchase: number; read: number; wish: number };
  /** Counts in `[baselineFrom, from)` (trending), else zeros. */
  baseline: { purchase: number; read: number; wish: number };
}

/**
 * Events per title and kind in a window (one pass over the `(created_at, title_id, kind)`
 * index), with each title's shelf and erotic type: the reads and wishes the store records
 * where they happen, the demo's drawn history, and the store's completed book orders.
 */
export async function eventCountsByTitle(
  db: Db,
  w: { from: number; to: number; baselineFrom: number | null },
): Promise<TitleEventCounts[]> {
  const start = w.baselineFrom ?? w.from;
  const flagged = db
    .selectFrom('catalog_events as e')
    .select(['e.title_id', 'e.kind', sql<number>`CASE WHEN e.created_at >= ${w.from} THEN 1 ELSE 0 END`.as('recent')])
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', w.to)
    .as('f');
  const counts = db
    .selectFrom(flagged)
    .select(['f.title_id', 'f.kind', 'f.recent', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['f.title_id', 'f.kind', 'f.recent'])
    .as('c');
  const [eventRows, purchaseRows] = await Promise.all([
    db
      .selectFrom(counts)
      .innerJoin('titles as t', 't.id', 'c.title_id')
      .select(['c.title_id as titleId', 'c.kind', 'c.recent', 'c.n', 't.page_type as pageType', 't.erotic_type as eroticType'])
      .execute(),
    paidVolumesByTitle(db, { from: w.from, to: w.to, start }),
  ]);
  const rows = [...eventRows, ...purchaseRows.map((r) => ({ ...r, kind: 'purchase' as const }))];
  const byTitle = new Map<number, TitleEventCounts>();
  for (const row of rows) {
    let entry = byTitle.get(row.titleId);
    if (!entry) {
      entry = {
        titleId: row.titleId,
        pageType: row.pageType,
        eroticType: row.eroticType,
        recent: { purchase: 0, read: 0, wish: 0 },
        baseline: { purchase: 0, read: 0, wish: 0 },
      };
      byTitle.set(row.titleId, entry);
    }
    const bucket = Number(row.recent) === 1 ? entry.recent : entry.baseline;
    bucket[row.kind] += Number(row.n);
  }
  return [...byTitle.values()];
}

/**
 * The store's own sales: volumes of completed book orders per title in `[start, to)`, flagged
 * recent from `from` (the `(created_at)` index of orders). A real purchase counts as a
 * purchase event does (the demo's drawn history has no orders, so nothing is counted twice).
 */
function paidVolumesByTitle(db: Db, w: { from: number; to: number; start: number }) {
  const flagged = db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .innerJoin('books as b', 'b.id', 'i.book_id')
    .select(['b.title_id', sql<number>`CASE WHEN o.created_at >= ${w.from} THEN 1 ELSE 0 END`.as('recent')])
    .where('o.kind', '=', 'BOOK')
    .where('o.status', 'in', ['COMPLETE', 'DELIVERED'])
    .where('o.created_at', '>=', w.start)
    .where('o.created_at', '<', w.to)
    .as('f');
  const counts = db
    .selectFrom(flagged)
    .select(['f.title_id', 'f.recent', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['f.title_id', 'f.recent'])
    .as('c');
  return db
    .selectFrom(counts)
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .select(['c.title_id as titleId', 'c.recent', 'c.n', 't.page_type as pageType', 't.erotic_type as eroticType'])
    .execute();
}

/** Books (`b`) released, on sale and free at `now`: what the free ranking and its tiles count. */
const freeOnSaleBooks = (db: Db, now: number) =>
  db
    .selectFrom('books as b')
    .where('b.free_flg', '=', 1)
    .where((eb) => eb.or([eb('b.free_start_datetime', 'is', null), eb('b.free_start_datetime', '<=', now)]))
    .where((eb) => eb.or([eb('b.free_end_datetime', 'is', null), eb('b.free_end_datetime', '>', now)]))
    .where('b.start_datetime', '<=', now)
    .where('b.sales_status', '=', 'ON_SALE');

/** The newest released, on-sale volume of each of the given titles (a ranking entry's tile). */
export function newestReleasedBooks(db: Db, titleIds: number[], now: number): Promise<BookTileRow[]> {
  if (titleIds.length === 0) return Promise.resolve([]);
  const newest = db
    .selectFrom('books as n')
    .select(['n.title_id', (eb) => eb.fn.max('n.vol').as('vol')])
    .where('n.title_id', 'in', titleIds)
    .where('n.start_datetime', '<=', now)
    .where('n.sales_status', '=', 'ON_SALE')
    .groupBy('n.title_id')
    .as('m');
  return db
    .selectFrom(newest)
    .innerJoin('books as b', (j) => j.onRef('b.title_id', '=', 'm.title_id').onRef('b.vol', '=', 'm.vol'))
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(bookTileColumns)
    .execute();
}

/**
 * The first volume free at `now` of each given title (the free ranking's tile: a free book, never
 * the paid newest volume), among `freeOnSaleBooks`; one statement, as the newest.
 */
export function firstFreeBooks(db: Db, titleIds: number[], now: number): Promise<BookTileRow[]> {
  if (titleIds.length === 0) return Promise.resolve([]);
  const first = freeOnSaleBooks(db, now)
    .select(['b.title_id', (eb) => eb.fn.min('b.vol').as('vol')])
    .where('b.title_id', 'in', titleIds)
    .groupBy('b.title_id')
    .as('m');
  return db
    .selectFrom(first)
    .innerJoin('books as b', (j) => j.onRef('b.title_id', '=', 'm.title_id').onRef('b.vol', '=', 'm.vol'))
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(bookTileColumns)
    .execute();
}

/** Released, on-sale books of the given titles (every volume; callers pick). */
export function releasedBooksOf(db: Db, titleIds: number[], now: number): Promise<BookTileRow[]> {
  if (titleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('books as b')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(bookTileColumns)
    .where('b.title_id', 'in', titleIds)
    .where('b.start_datetime', '<=', now)
    .where('b.sales_status', '=', 'ON_SALE')
    .execute();
}

/** Ids of titles with a book free at `now` (§7 free books). */
/**
 * Titles with a volume free at `now`, and the next instant at which that can change (a free
 * period or a release starting or ending), so callers can keep the set until then.
 */
export async function titlesWithFreeBook(db: Db, now: number): Promise<{ titleIds: Set<number>; validUntil: number }> {
  const freeNow = freeOnSaleBooks(db, now).select('b.title_id').distinct().execute();
  const nextChange = (column: 'free_start_datetime' | 'free_end_datetime' | 'start_datetime') =>
    db
      .selectFrom('books')
      .select((eb) => eb.fn.min(column).as('at'))
      .where('free_flg', '=', 1)
      .where(column, '>', now)
      .executeTakeFirst()
      .then((row) => (row?.at == null ? Number.POSITIVE_INFINITY : Number(row.at)));
  const [rows, ...changes] = await Promise.all([
    freeNow,
    nextChange('free_start_datetime'),
    nextChange('free_end_datetime'),
    nextChange('start_datetime'),
  ]);
  return { titleIds: new Set(rows.map((r) => r.title_id)), validUntil: Math.min(...changes) };
}

/** Ids of titles with a volume released in `[since, now]` (newly released sales ranking). */
export async function titlesReleasedSince(db: Db, since: number, now: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('books as b')
    .select('b.title_id')
    .distinct()
    .where('b.start_datetime', '>=', since)
    .where('b.start_datetime', '<=', now)
    .execute();
  return new Set(rows.map((r) => r.title_id));
}
