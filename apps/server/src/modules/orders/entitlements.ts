import { PossessionStatus, possessionAt } from '@hondana/domain/orders-rules';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';
import { refreshShelfOfBooks, shelfBookGranted } from '../bookshelf/shelf-updates';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether the member may read the whole book at `now`: an entitlement (bought, granted free,
 * or pre-ordered) to a book already released. A RESERVED book becomes readable at its release.
 */
export async function ownsBook(db: Db, userId: number, bookId: number, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_books')
    .innerJoin('books', 'books.id', 'user_books.book_id')
    .select('user_books.book_id')
    .where('user_books.user_id', '=', userId)
    .where('user_books.book_id', '=', bookId)
    .where('books.start_datetime', '<=', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** §4 possession of each asked book (NONE when there is no entitlement). */
export async function possessionOf(
  db: Db,
  userId: number,
  bookIds: readonly number[],
  now: number,
): Promise<Map<number, PossessionStatus>> {
  const result = new Map<number, PossessionStatus>(bookIds.map((id) => [id, PossessionStatus.NONE]));
  if (bookIds.length === 0) return result;
  const rows = await db
    .selectFrom('user_books')
    .innerJoin('books', 'books.id', 'user_books.book_id')
    .select(['user_books.book_id', 'books.start_datetime'])
    .where('user_books.user_id', '=', userId)
    .where('user_books.book_id', 'in', [...bookIds])
    .execute();
  for (const row of rows) result.set(row.book_id, possessionAt(true, row.start_datetime, now));
  return result;
}

/** One of the books among `bookIds` the member has an entitlement to, if any (a one-row query). */
export function entitledBookQuery(db: Db, userId: number, bookIds: readonly number[]) {
  return db.selectFrom('user_books').select('book_id').where('user_id', '=', userId).where('book_id', 'in', [...bookIds]).limit(1);
}

/** The books among `bookIds` the member has any entitlement to (owned or reserved). */
export async function entitledBookIds(db: Db, userId: number, bookIds: readonly number[]): Promise<Set<number>> {
  if (bookIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_books')
    .select('book_id')
    .where('user_id', '=', userId)
    .where('book_id', 'in', [...bookIds])
    .execute();
  return new Set(rows.map((r) => r.book_id));
}

/**
 * Records an entitlement inside the caller's transaction. Returns false when the member already
 * has one (the primary key decides, so two concurrent buys of one book cannot both succeed).
 */
export async function grantEntitlement(
  trx: Transaction<Database>,
  entry: { userId: number; bookId: number; possessionStatus: PossessionStatus; source: 'PURCHASE' | 'FREE' | 'GRANT'; orderId: number | null; now: number },
): Promise<boolean> {
  const result = await insertEntitlement.execute(trx, entry);
  const granted = Number(result.numAffectedRows ?? 0n) === 1;
  if (granted) await shelfBookGranted(trx, entry.userId, entry.bookId, entry.now);
  return granted;
}

const insertEntitlement = preparedQuery(
  (db, $: { userId: number; bookId: number; possessionStatus: PossessionStatus; source: 'PURCHASE' | 'FREE' | 'GRANT'; orderId: number | null; now: number }) =>
    db
      .insertInto('user_books')
      .values({
        user_id: $.userId,
        book_id: $.bookId,
        possession_status: $.possessionStatus,
        source: $.source,
        order_id: $.orderId,
        created_at: $.now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'book_id']).doNothing()),
);

/** Removes the entitlements an order gave (a cancelled order). */
export async function revokeOrderEntitlements(trx: Transaction<Database>, userId: number, orderId: number): Promise<void> {
  const revoked = await trx.selectFrom('user_books').select('book_id').where('user_id', '=', userId).where('order_id', '=', orderId).execute();
  await trx.deleteFrom('user_books').where('user_id', '=', userId).where('order_id', '=', orderId).execute();
  await refreshShelfOfBooks(trx, userId, revoked.map((r) => r.book_id));
}
