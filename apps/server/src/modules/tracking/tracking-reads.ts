import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countsByTitle, distinctVisitors } from './tracking.repository';

/**
 * What other areas read of the tracked events (rankings, recommendations, the operator):
 * counts per title of a kind in a window, and distinct visitors (members by id, guests by their
 * first-party random id).
 */
export async function titleCounts(
  db: Kysely<Database>,
  q: { kind: string; since: number; until: number; limit: number },
): Promise<{ titleId: number; count: number }[]> {
  const rows = await countsByTitle(db, q);
  return rows.map((r) => ({ titleId: r.title_id!, count: Number(r.n) }));
}

export const visitors = (db: Kysely<Database>, q: { kind: string; since: number; until: number }): Promise<number> =>
  distinctVisitors(db, q);
