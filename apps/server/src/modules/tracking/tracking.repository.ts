import type { Insertable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, Db } from '../../db/schema';

export type EventRow = Insertable<Database['events']>;

const COLUMNS = ['kind', 'occurred_at', 'user_id', 'guest_id', 'title_id', 'book_id', 'ref', 'data'] as const;
/** Statement sizes a batch is cut into: few compiled variants, few statements per batch. */
const CHUNKS = [100, 10, 1] as const;

/** A multi-row insert of `count` rows, compiled once per size; parameters `<column><row>`. */
const insertRows = preparedQuery<Record<string, unknown>, unknown, number>((db, $, count) =>
  db
    .insertInto('events')
    .values(Array.from({ length: count }, (_, i) => Object.fromEntries(COLUMNS.map((c) => [c, $[`${c}${i}`]])) as unknown as EventRow)),
);

/**
 * A batch of the tracking buffer in one transaction, as multi-row inserts of 100, 10 and 1
 * rows (built and compiled once each: building a 500-row insert cost more than running it).
 */
export async function insertEvents(db: Db, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    let at = 0;
    for (const size of CHUNKS) {
      for (; rows.length - at >= size; at += size) {
        const params: Record<string, unknown> = {};
        for (let i = 0; i < size; i += 1) {
          const row = rows[at + i]!;
          for (const c of COLUMNS) params[`${c}${i}`] = row[c] ?? null;
        }
        await insertRows.execute(trx, params, size);
      }
    }
  });
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
