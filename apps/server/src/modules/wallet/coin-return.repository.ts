import type { Db } from '../../db/schema';

/** Keeps (or replaces) the member's come-back path. */
export async function keepReturnPath(db: Db, userId: number, path: string, now: number): Promise<void> {
  await db
    .insertInto('coin_purchase_returns')
    .values({ user_id: userId, path, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ path, created_at: now }))
    .execute();
}

/** Takes the member's come-back path: one delete, so two concurrent callbacks cannot both get it. */
export async function takeReturnPath(db: Db, userId: number): Promise<{ path: string; created_at: number } | undefined> {
  return db.deleteFrom('coin_purchase_returns').where('user_id', '=', userId).returning(['path', 'created_at']).executeTakeFirst();
}

/** The member's latest coin pack order created at or after `since`. */
export function latestCoinOrder(db: Db, userId: number, since: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'coin', 'bonus'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'MANGA_COIN')
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
