import { PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { lockUserRow } from './lots.repository';

/**
 * The member's wallet lock: holds the member's `users` row until the transaction ends, so that
 * a limit on what the member may hold or buy (the manga coin possession cap, a coin pack's
 * purchase limit, the one live subscription) is checked and written as one step, whichever of
 * the coin pack and subscription paths is writing. FOR UPDATE on PostgreSQL. SQLite has one
 * writer at a time, and every caller has written first (the one-time token's claim, the renewal
 * claim), so its transaction already holds the database's write lock: a concurrent transaction
 * (in this process or another on the same file) waits for it before its own first write.
 */
export async function lockMember(trx: Transaction<Database>, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await lockUserRow(trx, userId);
  }
}
