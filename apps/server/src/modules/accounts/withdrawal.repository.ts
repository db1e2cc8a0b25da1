import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { balanceQuery } from '../ledger/ledger';
import { entitlementCountQuery } from '../orders/entitlements';

/** Withdrawal's summary in one statement: volumes held and the unexpired balances. */
export function withdrawalSummaryQuery(db: Kysely<Database>, userId: number, now: number) {
  return db.selectNoFrom([
    entitlementCountQuery(db, userId).as('books'),
    balanceQuery(db, userId, 'MANGA_COIN', now).as('mangaCoin'),
    balanceQuery(db, userId, 'COIN', now).as('coin'),
    balanceQuery(db, userId, 'POINT', now).as('points'),
  ]);
}
