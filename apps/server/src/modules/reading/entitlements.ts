import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { entitledBookIds } from '../orders/entitlements';

/**
 * The seam between reading and orders: which books a member holds. Orders owns the
 * `user_books` table (one row per member and book, bought, granted free or pre-ordered) and its
 * queries; reading only asks through here, so page access has one definition.
 */
export async function heldBookIds(db: Kysely<Database>, userId: number, bookIds: readonly number[]): Promise<Set<number>> {
  return entitledBookIds(db, userId, bookIds);
}
