import { type PossessionStatus, possessionAt } from '@hondana/domain/orders/orders';
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

/** §4 possession: a held book not yet released is RESERVED, then OWNED. */
export const possessionOf = (held: boolean, bookStartDatetime: number, now: number): PossessionStatus =>
  possessionAt(held, bookStartDatetime, now);
