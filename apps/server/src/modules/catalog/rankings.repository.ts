import { LOG_KIND_SIGNALS, type LogSignalKind } from '@hondana/domain/catalog/rankings';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { type BookTileRow, bookTileColumns } from './catalog.repository';

export interface TitleEventCounts {
  titleId: number;
  pageType: string;
  eroticType: number;
  /** Counts in `[from, to)`. */
  recent: Counts;
  /** Counts in `[baselineFrom, from)` (trending), else zeros. */
  baseline: Counts;
}

interface Counts {
  purchase: number;
  read: number;
  wish: number;
  interest: number;
}

const zeros = (): Counts => ({ purchase: 0, read: 0, wish: 0, interest: 0 });

/**
 * Events per title and kind in a window (one pass over the `(created_at, title_id, kind)`
 * index), with each title's shelf and erotic type: the reads and wishes the store records
 * where they happen, the demo's drawn history, the store's completed book orders, and the
 * recorded `/log` calls that count (`LOG_KIND_SIGNALS`, once per visitor and title).
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
  const [eventRows, purchaseRows, logRows] = await Promise.all([
    db
      .selectFrom(counts)
      .innerJoin('titles as t', 't.id', 'c.title_id')
      .select(['c.title_id as titleId', 'c.kind', 'c.recent', 'c.n', 't.page_type as pageType', 't.erotic_type as eroticType'])
      .execute(),
    paidVolumesByTitle(db, { from: w.from, to: w.to, start }),
    loggedVisitorsByTitle(db, { from: w.from, to: w.to, start }),
  ]);
  const rows = [
    ...eventRows,
    ...purchaseRows.map((r) => ({ ...r, kind: 'purchase' as const })),
    ...logRows.map((r) => ({ ...r, kind: LOG_KIND_SIGNALS[r.kind as LogSignalKind] })),
  ];
  const byTitle = new Map<number, TitleEventCounts>();
  for (const row of rows) {
    let entry = byTitle.get(row.titleId);
    if (!entry) {
      entry = {
        titleId: row.titleId,
        pageType: row.pageType,
        eroticType: row.eroticType,
        recent: zeros(),
        baseline: zeros(),
      };
      byTitle.set(row.titleId, entry);
    }
    const bucket = Number(row.recent) === 1 ? entry.recent : entry.baseline;
    bucket[row.kind] += Number(row.n);
  }
  return [...byTitle.values()];
}

/**
 * The recorded `/log` calls that count towards the rankings (`LOG_KIND_SIGNALS`): distinct
 * visitors (a member by id, a guest by the first-party id) per title and kind in `[start, to)`,
 * flagged recent from `from` (the `(kind, occurred_at)` index of events). A call naming a book
 * counts for the book's title (whatever `title_id` it also sends); unknown titles are dropped.
 */
function loggedVisitorsByTitle(db: Db, w: { from: number; to: number; start: number }) {
  const flagged = db
    .selectFrom('events as e')
    .leftJoin('books as b', 'b.id', 'e.book_id')
    .select([
      (eb) => eb.fn.coalesce('b.title_id', 'e.title_id').as('title_id'),
      'e.kind',
      sql<number>`CASE WHEN e.occurred_at >= ${w.from} THEN 1 ELSE 0 END`.as('recent'),
      sql<string>`CASE WHEN e.user_id IS NOT NULL THEN 'u' || CAST(e.user_id AS TEXT) ELSE 'g' || e.guest_id END`.as('who'),
    ])
    .where('e.kind', 'in', Object.keys(LOG_KIND_SIGNALS))
    .where('e.occurred_at', '>=', w.start)
    .where('e.occurred_at', '<', w.to)
    .where((eb) => eb.or([eb('e.user_id', 'is not', null), eb('e.guest_id', 'is not', null)]))
    .as('f');
  const counts = db
    .selectFrom(flagged)
    .select(['f.title_id', 'f.kind', 'f.recent', sql<number>`COUNT(DISTINCT f.who)`.as('n')])
    .where('f.title_id', 'is not', null)
    .groupBy(['f.title_id', 'f.kind', 'f.recent'])
    .as('c');
  return db
    .selectFrom(counts)
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .select(['t.id as titleId', 'c.kind', 'c.recent', 'c.n', 't.page_type as pageType', 't.erotic_type as eroticType'])
    .execute();
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

interface StoredRanking {
  /** The window the job worked out last for the term. */
  windowTo: number;
  rows: { titleId: number; basis: string; score: number; pageType: string; eroticType: number }[];
}

/**
 * The `rankings` job's rows of a term when they are of the window ending `windowTo` (the job has
 * worked it out), with each title's shelf and erotic type as they are now; null otherwise.
 */
export async function storedRanking(db: Db, term: string, basis: string, windowTo: number): Promise<StoredRanking | null> {
  const run = await db.selectFrom('ranking_runs').select('window_to').where('term', '=', term).executeTakeFirst();
  if (!run || Number(run.window_to) !== windowTo) return null;
  const rows = await db
    .selectFrom('ranking_scores as s')
    .innerJoin('titles as t', 't.id', 's.title_id')
    .select(['s.title_id as titleId', 's.basis', 's.score', 't.page_type as pageType', 't.erotic_type as eroticType'])
    .where('s.term', '=', term)
    .where('s.basis', '=', basis)
    .execute();
  return { windowTo, rows: rows.map((r) => ({ ...r, score: Number(r.score) })) };
}

/** Rows of an insert at once: four columns, well under SQLite's parameter limit. */
const SCORE_BATCH = 500;

/**
 * Replaces a term's rows with a window's scores, in one transaction: a reader sees the old
 * window's rows or the new one's, never a mix. A run whose lease ran out and overlaps the next
 * writes the same rows (the primary key keeps one per term, basis and title). False, writing
 * nothing, when the term already holds these scores for this window: the processes then keep
 * their rankings and kept pages (nothing is announced).
 */
export async function replaceRanking(
  db: Db,
  q: { term: string; from: number; to: number; now: number; rows: { basis: string; titleId: number; score: number }[] },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [run, held] = await Promise.all([
      trx.selectFrom('ranking_runs').select('window_to').where('term', '=', q.term).executeTakeFirst(),
      trx.selectFrom('ranking_scores').select(['basis', 'title_id as titleId', 'score']).where('term', '=', q.term).execute(),
    ]);
    if (run && Number(run.window_to) === q.to && sameScores(held, q.rows)) return false;
    await trx.deleteFrom('ranking_scores').where('term', '=', q.term).execute();
    for (let i = 0; i < q.rows.length; i += SCORE_BATCH) {
      await trx
        .insertInto('ranking_scores')
        .values(q.rows.slice(i, i + SCORE_BATCH).map((r) => ({ term: q.term, basis: r.basis, title_id: r.titleId, score: r.score })))
        .execute();
    }
    await trx
      .insertInto('ranking_runs')
      .values({ term: q.term, window_from: q.from, window_to: q.to, computed_at: q.now })
      .onConflict((oc) => oc.column('term').doUpdateSet({ window_from: q.from, window_to: q.to, computed_at: q.now }))
      .execute();
    return true;
  });
}

type Score = { basis: string; titleId: number; score: number | string };
const scoreKey = (r: Score) => `${r.basis}:${r.titleId}:${Number(r.score)}`;

function sameScores(held: readonly Score[], next: readonly Score[]): boolean {
  if (held.length !== next.length) return false;
  const keys = new Set(held.map(scoreKey));
  return next.every((r) => keys.has(scoreKey(r)));
}
