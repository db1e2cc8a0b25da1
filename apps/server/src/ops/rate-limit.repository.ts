import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/schema';

/**
 * Locks the key's row for the rest of the transaction (an upsert takes the row lock on
 * PostgreSQL; on SQLite the transaction's first write takes the database's write lock), so the
 * count and the insert that follow see every attempt committed before this one.
 */
export async function lockKey(trx: Transaction<Database>, key: string, now: number): Promise<void> {
  await trx
    .insertInto('rate_limit_keys')
    .values({ key, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ updated_at: now }))
    .execute();
}

/** Instants of the key's hits after `since`, newest first, at most `limit`. */
export async function recentHits(db: Db, key: string, since: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('rate_limit_hits')
    .select('at')
    .where('key', '=', key)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.at);
}

export async function insertHit(db: Db, key: string, at: number): Promise<number> {
  const row = await db.insertInto('rate_limit_hits').values({ key, at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteHit(db: Db, id: number): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('id', '=', id).execute();
}

/** Hits and keys no window can count any more. */
export async function deleteBefore(db: Db, before: number): Promise<number> {
  const hits = await db.deleteFrom('rate_limit_hits').where('at', '<=', before).executeTakeFirst();
  await db.deleteFrom('rate_limit_keys').where('updated_at', '<=', before).execute();
  return Number(hits.numDeletedRows);
}
