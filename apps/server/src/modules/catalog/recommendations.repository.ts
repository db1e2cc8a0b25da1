import type { Db } from '../../db/schema';

const CANDIDATES = 60;
const TOGETHER_KINDS = ['purchase', 'read'] as const;

/**
 * Titles that members who bought or read any of `titleIds` also bought or read, by how many
 * such members there are (co-purchase and co-read counts).
 */
export async function titlesTogether(db: Db, titleIds: number[], exceptUserId: number | null): Promise<number[]> {
  if (titleIds.length === 0) return [];
  let query = db
    .selectFrom('catalog_events as e1')
    .innerJoin('catalog_events as e2', 'e2.user_id', 'e1.user_id')
    .select(['e2.title_id as titleId', (eb) => eb.fn.count<number>('e2.user_id').distinct().as('n')])
    .where('e1.title_id', 'in', titleIds)
    .where('e1.kind', 'in', TOGETHER_KINDS)
    .where('e1.user_id', 'is not', null)
    .where('e2.kind', 'in', TOGETHER_KINDS)
    .where('e2.title_id', 'not in', titleIds);
  if (exceptUserId !== null) query = query.where('e1.user_id', '!=', exceptUserId);
  const rows = await query.groupBy('e2.title_id').orderBy('n', 'desc').orderBy('e2.title_id').limit(CANDIDATES).execute();
  return rows.map((r) => r.titleId);
}

/** Other titles credited to an author of `titleIds`. */
export async function titlesBySameAuthors(db: Db, titleIds: number[]): Promise<number[]> {
  if (titleIds.length === 0) return [];
  const rows = await db
    .selectFrom('title_authors as ta')
    .select('ta.title_id as titleId')
    .distinct()
    .where('ta.author_id', 'in', db.selectFrom('title_authors as src').select('src.author_id').where('src.title_id', 'in', titleIds))
    .where('ta.title_id', 'not in', titleIds)
    .orderBy('ta.title_id')
    .limit(CANDIDATES)
    .execute();
  return rows.map((r) => r.titleId);
}

/** Titles of the given genres, newest first. */
export async function titlesOfGenres(db: Db, genreIds: number[], exceptTitleIds: number[]): Promise<number[]> {
  if (genreIds.length === 0) return [];
  let query = db.selectFrom('titles').select('id').where('genre_id', 'in', genreIds);
  if (exceptTitleIds.length) query = query.where('id', 'not in', exceptTitleIds);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(CANDIDATES).execute();
  return rows.map((r) => r.id);
}

export function titleRows(db: Db, titleIds: number[]) {
  if (titleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('titles')
    .select(['id', 'name', 'description', 'genre_id as genreId', 'erotic_type as eroticType'])
    .where('id', 'in', titleIds)
    .execute();
}

export async function bookSource(db: Db, bookId: number) {
  return db
    .selectFrom('books as b')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(['b.id', 'b.title_id as titleId', 't.genre_id as genreId', 't.erotic_type as eroticType'])
    .where('b.id', '=', bookId)
    .executeTakeFirst();
}

/** Titles in a member's history (purchases, reads, wishes), most recent first. */
export async function historyTitles(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('catalog_events')
    .select(['title_id as titleId', (eb) => eb.fn.max('created_at').as('last')])
    .where('user_id', '=', userId)
    .groupBy('title_id')
    .orderBy('last', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => r.titleId);
}

/**
 * Books the member owns. There are no orders yet: a purchase event of the member counts as
 * owning that book.
 */
export async function ownedBookIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('catalog_events')
    .select('book_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('kind', '=', 'purchase')
    .where('book_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.book_id!));
}

/** Members who have each title on their list now (wish_titles of the notices area). */
export async function wishCounts(db: Db, titleIds: number[]): Promise<Map<number, number>> {
  if (titleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('wish_titles')
    .select(['title_id as titleId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('title_id', 'in', titleIds)
    .groupBy('title_id')
    .execute();
  return new Map(rows.map((r) => [r.titleId, Number(r.n)]));
}

/** The genres of these titles (null where a title has none), one row per title. */
export async function genresOfTitles(db: Db, titleIds: number[]): Promise<(number | null)[]> {
  return (await db.selectFrom('titles').select('genre_id').where('id', 'in', titleIds).execute()).map((t) => t.genre_id);
}
