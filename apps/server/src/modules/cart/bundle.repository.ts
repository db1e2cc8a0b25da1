import { priceAt } from '@hondana/domain/catalog/catalog';
import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { BOOK_PRICING_COLUMNS } from '../orders/order-rows';
import { toPricing } from '../orders/purchase';

export interface BundleRow {
  id: number;
  name: string;
  bundle_price: number;
  start_at: number;
  end_at: number | null;
  /** Its books, by volume order. */
  bookIds: number[];
}

export const bundleOnSale = (b: Pick<BundleRow, 'start_at' | 'end_at'>, now: number): boolean =>
  b.start_at <= now && (b.end_at === null || now < b.end_at);

/** Bundles by id with their books (volume order). */
export async function bundlesById(db: Db, ids: readonly number[]): Promise<Map<number, BundleRow>> {
  if (ids.length === 0) return new Map();
  const [rows, books] = await Promise.all([
    db
      .selectFrom('bundles')
      .select(['id', 'name', 'bundle_price', 'start_at', 'end_at'])
      .where('id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('bundle_books')
      .innerJoin('books', 'books.id', 'bundle_books.book_id')
      .select(['bundle_books.bundle_id', 'bundle_books.book_id'])
      .where('bundle_books.bundle_id', 'in', [...ids])
      .orderBy('books.vol')
      .orderBy('books.id')
      .execute(),
  ]);
  return new Map(rows.map((r) => [r.id, { ...r, bookIds: books.filter((b) => b.bundle_id === r.id).map((b) => b.book_id) }]));
}

/**
 * Serialises a member's cart changes: on PostgreSQL the member's `users` row is locked for the
 * transaction (SELECT … FOR UPDATE), so the cart size check and the insert of two concurrent adds
 * cannot both see room for one item. SQLite runs one write transaction at a time already.
 */
export async function lockMemberCart(trx: Transaction<Database>, userId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * §3 Book detail bundleId, bundleTotalPrice (Σ the books' prices in effect) and bundleSalePrice
 * of the bundle on sale holding a book (the newest when several do), in one statement; null when none.
 */
export async function bundleSummaryOfBook(
  db: Db,
  bookId: number,
  now: number,
): Promise<{ bundleId: number; bundleTotalPrice: number; bundleSalePrice: number } | null> {
  let perDb = summaryRows.get(db);
  if (!perDb) summaryRows.set(db, (perDb = new Map()));
  const kept = perDb.get(bookId);
  const rows = kept && kept.until > now && kept.from <= now ? kept.rows : await readSummaryRows(db, bookId, now);
  if (kept?.rows !== rows) perDb.set(bookId, { from: now, until: now + SUMMARY_TTL_MS, rows });
  if (rows.length === 0) return null;
  const bundleId = Math.max(...rows.map((r) => r.bundle_id));
  const books = rows.filter((r) => r.bundle_id === bundleId);
  const total = books.reduce((sum, r) => sum + priceAt(toPricing(r), now).price, 0);
  return { bundleId, bundleTotalPrice: total, bundleSalePrice: books[0]!.bundle_price };
}

/**
 * The volume detail is the store's hottest read: a book's bundle rows are kept for a few seconds
 * per process (a bundle created, ended or repriced shows within SUMMARY_TTL_MS). The sale window
 * is checked in the statement, so a kept answer is only reused within its TTL.
 */
const SUMMARY_TTL_MS = 10_000;
type SummaryRow = Awaited<ReturnType<typeof readSummaryRows>>[number];
const summaryRows = new WeakMap<Db, Map<number, { from: number; until: number; rows: SummaryRow[] }>>();

/** Forgets the kept bundle rows of `db` (the catalog changed: a bundle or a price). */
export function forgetBundleSummaries(db: Db): void {
  summaryRows.delete(db);
}

function readSummaryRows(db: Db, bookId: number, now: number) {
  return db
    .selectFrom('bundle_books as mine')
    .innerJoin('bundles', 'bundles.id', 'mine.bundle_id')
    .innerJoin('bundle_books as member', 'member.bundle_id', 'bundles.id')
    .innerJoin('books', 'books.id', 'member.book_id')
    .select(['bundles.id as bundle_id', 'bundles.bundle_price', ...BOOK_PRICING_COLUMNS])
    .where('mine.book_id', '=', bookId)
    .where('bundles.start_at', '<=', now)
    .where((eb) => eb.or([eb('bundles.end_at', 'is', null), eb('bundles.end_at', '>', now)]))
    .execute();
}
