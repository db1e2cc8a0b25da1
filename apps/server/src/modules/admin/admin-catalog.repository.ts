import { type SqlBool, sql } from 'kysely';
import { escapeLike, searchWords } from '@hondana/domain/catalog/search-text';
import type { Db } from '../../db/schema';

export const titleRow = (db: Db, titleId: number) =>
  db
    .selectFrom('titles as t')
    .leftJoin('publishers as p', 'p.id', 't.publisher_id')
    .leftJoin('magazines as m', 'm.id', 't.magazine_id')
    .select([
      't.id',
      't.name',
      't.kana',
      't.description',
      't.page_type',
      't.genre_id',
      't.erotic_type',
      't.publisher_id',
      't.magazine_id',
      't.version',
      't.updated_at',
      'p.name as publisher',
      'm.name as magazine',
    ])
    .where('t.id', '=', titleId)
    .executeTakeFirst();

export const titleAuthors = (db: Db, titleId: number) =>
  db
    .selectFrom('title_authors as ta')
    .innerJoin('authors as a', 'a.id', 'ta.author_id')
    .select(['a.name', 'a.kana', 'ta.role'])
    .where('ta.title_id', '=', titleId)
    .orderBy('ta.sort_order')
    .execute();

const BOOK_COLUMNS = [
  'id',
  'title_id',
  'vol',
  'contents_name',
  'description',
  'price',
  'sale_price',
  'sale_start_datetime',
  'sale_end_datetime',
  'free_flg',
  'free_start_datetime',
  'free_end_datetime',
  'start_datetime',
  'sales_status',
  'layout_type',
  'page_count',
  'sample_page_total',
  'version',
] as const;

export const titleBooks = (db: Db, titleId: number) =>
  db.selectFrom('books').select(BOOK_COLUMNS).where('title_id', '=', titleId).orderBy('vol').orderBy('id').execute();

export const bookRow = (db: Db, bookId: number) => db.selectFrom('books').select(BOOK_COLUMNS).where('id', '=', bookId).executeTakeFirst();
export type BookRow = NonNullable<Awaited<ReturnType<typeof bookRow>>>;

export const textChapterCount = async (db: Db, bookId: number): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('book_text_chapters')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('book_id', '=', bookId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Titles whose name, reading or authors match `q` (or the newest when `q` is empty), or the one with id `q`. */
export async function searchTitles(db: Db, q: string, offset: number) {
  let query = db
    .selectFrom('titles as t')
    .select((eb) => [
      't.id',
      't.name',
      't.kana',
      't.erotic_type',
      't.updated_at',
      eb
        .selectFrom('books as b')
        .select((b) => b.fn.countAll<number>().as('n'))
        .whereRef('b.title_id', '=', 't.id')
        .as('book_count'),
      eb
        .selectFrom('books as b')
        .select((b) => b.fn.countAll<number>().as('n'))
        .whereRef('b.title_id', '=', 't.id')
        .where('b.sales_status', '!=', 'STOPPED')
        .as('published_count'),
    ])
    .orderBy('t.id', 'desc')
    .offset(offset)
    .limit(50);
  if (/^\d+$/.test(q.trim())) query = query.where('t.id', '=', Number(q.trim()));
  else for (const w of searchWords(q)) query = query.where(sql<SqlBool>`t.search_text LIKE ${`%${escapeLike(w)}%`} ESCAPE '\\'`);
  return query.execute();
}

/** The publisher of that name, added if new (names are unique: two saves naming a new one at once add it once). */
export async function findOrAddPublisher(db: Db, name: string): Promise<number | null> {
  if (!name) return null;
  const found = await db.selectFrom('publishers').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('publishers')
    .values({ name, kana: '' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('publishers').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The magazine of that name, added if new (names are unique, as publishers'). */
export async function findOrAddMagazine(db: Db, name: string, publisherId: number | null): Promise<number | null> {
  if (!name) return null;
  const found = await db.selectFrom('magazines').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('magazines')
    .values({ name, kana: '', publisher_id: publisherId })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('magazines').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export const genres = (db: Db) => db.selectFrom('genres').select(['id', 'name']).orderBy('id').execute();

export async function titleExists(db: Db, titleId: number): Promise<boolean> {
  return (await db.selectFrom('titles').select('id').where('id', '=', titleId).executeTakeFirst()) !== undefined;
}

export const exists = async (db: Db, table: 'publishers' | 'magazines', id: number) =>
  (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
