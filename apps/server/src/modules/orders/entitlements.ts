import { PossessionStatus, possessionAt } from '@hondana/domain/orders/orders';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { refreshShelfOfBooks, shelfBookGranted } from '../bookshelf/shelf-updates';
import * as repo from './entitlements.repository';

/**
 * Whether the member may read the whole book at `now`: an entitlement (bought, granted free,
 * or pre-ordered) to a book already released. A RESERVED book becomes readable at its release.
 */
export const ownsBook = (db: Db, userId: number, bookId: number, now: number): Promise<boolean> =>
  repo.releasedEntitlement(db, userId, bookId, now);

/** §4 possession of each asked book (NONE when there is no entitlement). */
export async function possessionsOf(
  db: Db,
  userId: number,
  bookIds: readonly number[],
  now: number,
): Promise<Map<number, PossessionStatus>> {
  const result = new Map<number, PossessionStatus>(bookIds.map((id) => [id, PossessionStatus.NONE]));
  if (bookIds.length === 0) return result;
  for (const row of await repo.entitlementsWithRelease(db, userId, bookIds))
    result.set(row.book_id, possessionAt(true, row.start_datetime, now));
  return result;
}

/** The book's id when the member may read it at `now`, as a query (`ownsBook` in one statement with others). */
export const releasedEntitlementQuery = repo.releasedEntitlementQuery;

/** One of the books among `bookIds` the member has an entitlement to, if any (a one-row query). */
export const entitledBookQuery = repo.entitledBookQuery;

/** The count of a member's volumes, as a subquery (withdrawal's summary). */
export const entitlementCountQuery = repo.entitlementCountQuery;

/** The books among `bookIds` the member has any entitlement to (owned or reserved). */
export async function entitledBookIds(db: Db, userId: number, bookIds: readonly number[]): Promise<Set<number>> {
  if (bookIds.length === 0) return new Set();
  return new Set(await repo.entitledBooks(db, userId, bookIds));
}

/**
 * Records an entitlement inside the caller's transaction. Returns false when the member already
 * has one (the primary key decides, so two concurrent buys of one book cannot both succeed).
 */
export async function grantEntitlement(
  trx: Transaction<Database>,
  entry: {
    userId: number;
    bookId: number;
    possessionStatus: PossessionStatus;
    source: 'PURCHASE' | 'FREE' | 'GRANT';
    orderId: number | null;
    now: number;
  },
): Promise<boolean> {
  const granted = await repo.insertEntitlement(trx, entry);
  if (granted) await shelfBookGranted(trx, entry.userId, entry.bookId, entry.now);
  return granted;
}

/** Removes the entitlements an order gave (a cancelled order). */
export async function revokeOrderEntitlements(trx: Transaction<Database>, userId: number, orderId: number): Promise<void> {
  await refreshShelfOfBooks(trx, userId, await repo.deleteOrderEntitlements(trx, userId, orderId));
}

/**
 * Hides (or shows again) the member's own books among `bookIds` on their shelf, in the caller's
 * transaction, and refreshes the shelf's summary of them; how many changed (others' books are
 * untouched). The bookshelf's hide calls it through `app.ts` (orders owns `user_books` and
 * imports the bookshelf's shelf updates, so the bookshelf does not import orders).
 */
export async function setBooksHidden(
  trx: Transaction<Database>,
  userId: number,
  bookIds: number[],
  hidden: boolean,
  now: number,
): Promise<number> {
  const changed = await repo.setEntitlementsHidden(trx, userId, bookIds, hidden, now);
  await refreshShelfOfBooks(trx, userId, bookIds);
  return changed;
}
