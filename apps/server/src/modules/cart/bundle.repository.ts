import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface BundleRow {
  id: number;
  name: string;
  bundle_price: number;
  start_at: number;
  end_at: number | null;
  /** Its books, by volume order. */
  bookIds: number[];
}

export const bundleOnSale = (b: Pick<BundleRow, 'start_at' | 'end_at'>, now: number): boolean => b.start_at <= now && (b.end_at === null || now < b.end_at);

/** Bundles by id with their books (volume order). */
export async function bundlesById(db: Db, ids: readonly number[]): Promise<Map<number, BundleRow>> {
  if (ids.length === 0) return new Map();
  const [rows, books] = await Promise.all([
    db.selectFrom('bundles').select(['id', 'name', 'bundle_price', 'start_at', 'end_at']).where('id', 'in', [...ids]).execute(),
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

/** The bundle on sale at `now` that holds this book (the newest when several do), for the volume detail. */
export async function bundleOfBook(db: Db, bookId: number, now: number): Promise<BundleRow | null> {
  const row = await db
    .selectFrom('bundle_books')
    .innerJoin('bundles', 'bundles.id', 'bundle_books.bundle_id')
    .select('bundles.id')
    .where('bundle_books.book_id', '=', bookId)
    .where('bundles.start_at', '<=', now)
    .where((eb) => eb.or([eb('bundles.end_at', 'is', null), eb('bundles.end_at', '>', now)]))
    .orderBy('bundles.id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return (await bundlesById(db, [row.id])).get(row.id) ?? null;
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
