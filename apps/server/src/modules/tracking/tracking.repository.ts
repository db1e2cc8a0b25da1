import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
export type EventRow = Insertable<Database['events']>;

/** One multi-row insert for a batch of the tracking buffer. */
export async function insertEvents(db: Db, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('events').values([...rows]).execute();
}

/** Events of a kind per title in [since, until), most first: what rankings and recommendations read. */
export function countsByTitle(db: Db, q: { kind: string; since: number; until: number; limit: number }) {
  return db
    .selectFrom('events')
    .select(['title_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', q.kind)
    .where('occurred_at', '>=', q.since)
    .where('occurred_at', '<', q.until)
    .where('title_id', 'is not', null)
    .groupBy('title_id')
    .orderBy('n', 'desc')
    .orderBy('title_id')
    .limit(q.limit)
    .execute();
}

/** Distinct visitors (members and guests) of a kind in [since, until). */
export async function distinctVisitors(db: Db, q: { kind: string; since: number; until: number }): Promise<number> {
  const rows = await db
    .selectFrom('events')
    .select(['user_id', 'guest_id'])
    .distinct()
    .where('kind', '=', q.kind)
    .where('occurred_at', '>=', q.since)
    .where('occurred_at', '<', q.until)
    .execute();
  return new Set(rows.map((r) => (r.user_id !== null ? `u${r.user_id}` : `g${r.guest_id}`))).size;
}
