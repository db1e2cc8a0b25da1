import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Deletes the sessions expired by `now`; how many went. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
