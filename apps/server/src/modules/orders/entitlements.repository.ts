import type { PossessionStatus } from '@hondana/domain/orders/orders';
import type { Expression, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, Db } from '../../db/schema';

type Trx = Transaction<Database>;

/** The member's entitlement to a book already released at `now`, if any. */
export async function releasedEntitlement(db: Db, userId: number, bookId: number, now: number): Promise<boolean> {
  return (await releasedEntitlementQuery(db, userId, bookId, now).executeTakeFirst()) !== undefined;
}

/** The book's id when the member has an entitlement to it and it is released at `now` (`userId` may be a column of an outer query), else no row. */
export function releasedEntitlementQuery(db: Db, userId: number | Expression<number>, bookId: number, now: number) {
  return db
    .selectFrom('user_books')
    .innerJoin('books', 'books.id', 'user_books.book_id')
    .select('user_books.book_id')
    .where('user_books.user_id', '=', userId)
    .where('user_books.book_id', '=', bookId)
    .where('books.start_datetime', '<=', now);
}

/** The member's entitlements among the books, with each book's release. */
export function entitlementsWithRelease(db: Db, userId: number, bookIds: readonly number[]) {
  return db
    .selectFrom('user_books')
    .innerJoin('books', 'books.id', 'user_books.book_id')
    .select(['user_books.book_id', 'books.start_datetime'])
    .where('user_books.user_id', '=', userId)
    .where('user_books.book_id', 'in', [...bookIds])
    .execute();
}

/** One of the books among `bookIds` the member has an entitlement to, if any (a one-row query, usable as a subquery). */
export function entitledBookQuery(db: Db, userId: number, bookIds: readonly number[]) {
  return db
    .selectFrom('user_books')
    .select('book_id')
    .where('user_id', '=', userId)
    .where('book_id', 'in', [...bookIds])
    .limit(1);
}

export async function entitledBooks(db: Db, userId: number, bookIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('user_books')
    .select('book_id')
    .where('user_id', '=', userId)
    .where('book_id', 'in', [...bookIds])
    .execute();
  return rows.map((r) => r.book_id);
}

const insertEntitlementStatement = preparedQuery(
  (
    db,
    $: {
      userId: number;
      bookId: number;
      possessionStatus: PossessionStatus;
      source: 'PURCHASE' | 'FREE' | 'GRANT';
      orderId: number | null;
      now: number;
    },
  ) =>
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

/** True when the entitlement was recorded; false when the member already had one (the primary key decides). */
export async function insertEntitlement(
  trx: Trx,
  entry: {
    userId: number;
    bookId: number;
    possessionStatus: PossessionStatus;
    source: 'PURCHASE' | 'FREE' | 'GRANT';
    orderId: number | null;
    now: number;
  },
): Promise<boolean> {
  const result = await insertEntitlementStatement.execute(trx, entry);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** Deletes the entitlements an order gave; the books they were for. */
export async function deleteOrderEntitlements(trx: Trx, userId: number, orderId: number): Promise<number[]> {
  const revoked = await trx
    .selectFrom('user_books')
    .select('book_id')
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .execute();
  await trx.deleteFrom('user_books').where('user_id', '=', userId).where('order_id', '=', orderId).execute();
  return revoked.map((r) => r.book_id);
}

/** Hides (or shows again) the member's own books among `bookIds` (`hidden_at`); how many changed. Others' books are untouched. */
export async function setEntitlementsHidden(trx: Trx, userId: number, bookIds: number[], hidden: boolean, now: number): Promise<number> {
  let q = trx
    .updateTable('user_books')
    .set({ hidden_at: hidden ? now : null })
    .where('user_id', '=', userId)
    .where('book_id', 'in', bookIds);
  q = hidden ? q.where('hidden_at', 'is', null) : q.where('hidden_at', 'is not', null);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many volumes a member holds (owned or reserved): the scalar subquery of withdrawal's summary. */
export function entitlementCountQuery(db: Db, userId: number) {
  return db
    .selectFrom('user_books')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
}
