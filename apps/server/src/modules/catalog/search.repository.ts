import { escapeLike, titleSearchText } from '@hondana/domain/catalog/search-text';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Fills `titles.search_text` (normalised names and readings of a title and its authors) for
 * the given titles, or all of them. Whoever inserts titles or credits calls it (demo, bench
 * dataset, imports); the search reads only that column.
 */
export async function refreshTitleSearchText(db: Db, titleIds?: number[]): Promise<number> {
  if (titleIds && titleIds.length === 0) return 0;
  const CHUNK = 5_000;
  if (titleIds && titleIds.length > CHUNK) {
    let n = 0;
    for (let i = 0; i < titleIds.length; i += CHUNK) n += await refreshTitleSearchText(db, titleIds.slice(i, i + CHUNK));
    return n;
  }
  let titles = db.selectFrom('titles').select(['id', 'name', 'kana']);
  let credits = db
    .selectFrom('title_authors as ta')
    .innerJoin('authors as a', 'a.id', 'ta.author_id')
    .select(['ta.title_id', 'a.name', 'a.kana'])
    .orderBy('ta.title_id')
    .orderBy('ta.sort_order');
  if (titleIds) {
    titles = titles.where('id', 'in', titleIds);
    credits = credits.where('ta.title_id', 'in', titleIds);
  }
  const byTitle = new Map<number, { name: string; kana: string }[]>();
  for (const c of await credits.execute()) {
    const list = byTitle.get(c.title_id) ?? [];
    list.push(c);
    byTitle.set(c.title_id, list);
  }
  const rows = await titles.execute();
  for (const t of rows) {
    await db
      .updateTable('titles')
      .set({ search_text: titleSearchText(t, byTitle.get(t.id) ?? []) })
      .where('id', '=', t.id)
      .execute();
  }
  return rows.length;
}

/** FTS5 trigram needs 3 characters; shorter words are matched by scanning `search_text`. */
const TRIGRAM = 3;
const quotePhrase = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * Titles whose search text contains every word (already normalised), of the listed erotic
 * types; most recently updated first. On SQLite, words of 3+ characters go through the FTS5
 * trigram index `titles_search` (migration 0310) and only its hits are checked further; on
 * PostgreSQL, and for shorter words, a LIKE over the one short column.
 */
export async function searchTitleIds(
  db: Db,
  q: { words: string[]; eroticTypes: number[]; offset: number; limit: number },
): Promise<{ totalCount: number; ids: number[] }> {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const indexed = sqlite ? q.words.filter((w) => [...w].length >= TRIGRAM) : [];
  let base = db.selectFrom('titles as t').where('t.erotic_type', 'in', q.eroticTypes);
  if (indexed.length) {
    const match = indexed.map(quotePhrase).join(' AND ');
    base = base.where(sql<boolean>`t.id IN (SELECT rowid FROM titles_search WHERE titles_search MATCH ${match})`);
  }
  for (const word of q.words.filter((w) => !indexed.includes(w))) {
    const pattern = `%${escapeLike(word)}%`;
    base = base.where(sql<boolean>`t.search_text LIKE ${pattern} ESCAPE '\\'`);
  }
  const rows = await base
    .select(['t.id', sql<number>`COUNT(*) OVER ()`.as('total')])
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  if (rows.length === 0 && q.offset > 0) {
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { totalCount: Number(total.n), ids: [] };
  }
  return { totalCount: rows.length ? Number(rows[0]!.total) : 0, ids: rows.map((r) => r.id) };
}

/** Titles an author is credited on, listed types only, by id. */
export async function authorTitleIds(
  db: Db,
  q: { authorId: number; eroticTypes: number[]; offset: number; limit: number },
): Promise<{ totalCount: number; ids: number[] }> {
  const base = db
    .selectFrom('titles as t')
    .where('t.erotic_type', 'in', q.eroticTypes)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('title_authors as ta')
          .select('ta.title_id')
          .whereRef('ta.title_id', '=', 't.id')
          .where('ta.author_id', '=', q.authorId),
      ),
    );
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.select('t.id').orderBy('t.id').offset(q.offset).limit(q.limit).execute(),
  ]);
  return { totalCount: Number(total.n), ids: rows.map((r) => r.id) };
}

export function findAuthor(db: Db, authorId: number) {
  return db.selectFrom('authors').select(['id as authorId', 'name', 'kana']).where('id', '=', authorId).executeTakeFirst();
}

interface TitleSummaryRow {
  id: number;
  name: string;
  kana: string;
  pageType: string;
  genreId: number | null;
  eroticType: number;
  completeFlg: number;
  maxVol: number;
  minVolBookId: number;
  maxVolBookId: number;
  coverVersion: number;
}

/** Titles by id with their first and last volume, in one statement (a search result page). */
export function titleSummaryRows(db: Db, titleIds: number[]): Promise<TitleSummaryRow[]> {
  if (titleIds.length === 0) return Promise.resolve([]);
  const vols = db
    .selectFrom('books as v')
    .select(['v.title_id', (eb) => eb.fn.min('v.vol').as('minVol'), (eb) => eb.fn.max('v.vol').as('maxVol')])
    .where('v.title_id', 'in', titleIds)
    .groupBy('v.title_id')
    .as('v');
  return db
    .selectFrom(vols)
    .innerJoin('titles as t', 't.id', 'v.title_id')
    .innerJoin('books as first', (j) => j.onRef('first.title_id', '=', 'v.title_id').onRef('first.vol', '=', 'v.minVol'))
    .innerJoin('books as last', (j) => j.onRef('last.title_id', '=', 'v.title_id').onRef('last.vol', '=', 'v.maxVol'))
    .select([
      't.id',
      't.name',
      't.kana',
      't.page_type as pageType',
      't.genre_id as genreId',
      't.erotic_type as eroticType',
      't.complete_flg as completeFlg',
      'v.maxVol',
      'first.id as minVolBookId',
      'last.id as maxVolBookId',
      'first.media_version as coverVersion',
    ])
    .execute();
}
