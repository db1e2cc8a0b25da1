import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

interface NewVolumeRow {
  user_id: number;
  book_id: number;
  title_id: number;
  title_name: string;
  vol: number;
  released_at: number;
  reason: 'WISH' | 'TITLE' | 'AUTHOR';
}

/** Volumes released in (from, to] with the members who wish their title, follow it, or follow one of its authors since before the release. */
export async function newVolumeReaders(db: Kysely<Database>, from: number, to: number): Promise<NewVolumeRow[]> {
  const released = () =>
    db
      .selectFrom('books as b')
      .innerJoin('titles as t', 't.id', 'b.title_id')
      .where('b.start_datetime', '>', from)
      .where('b.start_datetime', '<=', to)
      .where('b.sales_status', '!=', 'STOPPED');
  const columns = ['b.id as book_id', 'b.title_id', 't.name as title_name', 'b.vol', 'b.start_datetime as released_at'] as const;
  const [wished, titles, authors] = await Promise.all([
    released()
      .innerJoin('wish_titles as w', 'w.title_id', 'b.title_id')
      .select([...columns, 'w.user_id', sql.lit('WISH').as('reason')])
      .whereRef('w.created_at', '<', 'b.start_datetime')
      .execute(),
    released()
      .innerJoin('newly_notice_settings as s', 's.title_id', 'b.title_id')
      .select([...columns, 's.user_id', sql.lit('TITLE').as('reason')])
      .where('s.title_status', '=', 1)
      .whereRef('s.title_since', '<', 'b.start_datetime')
      .execute(),
    released()
      .innerJoin('title_authors as ba', 'ba.title_id', 'b.title_id')
      .innerJoin('title_authors as fa', 'fa.author_id', 'ba.author_id')
      .innerJoin('newly_notice_settings as s', 's.title_id', 'fa.title_id')
      .select([...columns, 's.user_id', sql.lit('AUTHOR').as('reason')])
      .distinct()
      .where('s.author_status', '=', 1)
      .whereRef('s.author_since', '<', 'b.start_datetime')
      .execute(),
  ]);
  return [...titles, ...authors, ...wished].map((r) => ({
    ...r,
    released_at: Number(r.released_at),
    reason: r.reason as NewVolumeRow['reason'],
  }));
}
