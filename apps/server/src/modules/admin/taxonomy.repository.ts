import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import type { Database, Db } from '../../db/schema';

/**
 * Queries of the console's taxonomy editor: genres, publishers and magazines, the very rows the
 * store's title facts join (`catalog/books.repository`). A rename is conditional on the version
 * read; a name is unique within its table (the index decides between two writes at once).
 */
export type TaxonomyTable = 'genres' | 'publishers' | 'magazines';
const TITLE_COLUMN = { genres: 'genre_id', publishers: 'publisher_id', magazines: 'magazine_id' } as const;

/** How many titles are filed under each row of `table`. */
async function titleCounts(db: Db, table: TaxonomyTable): Promise<Map<number, number>> {
  const column = TITLE_COLUMN[table];
  const rows = await db
    .selectFrom('titles')
    .select([sql<number>`${sql.ref(column)}`.as('ref'), (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, 'is not', null)
    .groupBy(column)
    .execute();
  return new Map(rows.map((r) => [Number(r.ref), Number(r.n)]));
}

export async function genreRows(db: Db, id?: number) {
  let query = db.selectFrom('genres').select(['id', 'name', 'version']).orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const [rows, counts] = await Promise.all([query.execute(), titleCounts(db, 'genres')]);
  return rows.map((r) => ({ ...r, titleCount: counts.get(r.id) ?? 0 }));
}

export async function publisherRows(db: Db, id?: number) {
  let query = db.selectFrom('publishers').select(['id', 'name', 'kana', 'version']).orderBy('kana').orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const [rows, counts] = await Promise.all([query.execute(), titleCounts(db, 'publishers')]);
  return rows.map((r) => ({ ...r, titleCount: counts.get(r.id) ?? 0 }));
}

export async function magazineRows(db: Db, id?: number) {
  let query = db.selectFrom('magazines').select(['id', 'name', 'kana', 'publisher_id', 'version']).orderBy('kana').orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const [rows, counts] = await Promise.all([query.execute(), titleCounts(db, 'magazines')]);
  return rows.map((r) => ({ ...r, titleCount: counts.get(r.id) ?? 0 }));
}

/** The id of the row of `table` named `name` (another than `except`), if any. */
export async function idNamed(db: Db, table: TaxonomyTable, name: string, except?: number): Promise<number | undefined> {
  let query = db.selectFrom(table).select('id').where('name', '=', name);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst())?.id;
}

export const exists = async (db: Db, table: TaxonomyTable, id: number) =>
  (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/**
 * A new genre's id: after the highest, and never among 1–17, whose meaning the store knows
 * (§9: 11–17 read left to right). Two creates at once may pick the same; the key refuses the second.
 */
export async function nextGenreId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('genres')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Math.max(Number(row?.max ?? 0), 17) + 1;
}

export async function insertGenre(db: Db, row: Insertable<Database['genres']>): Promise<number> {
  await db.insertInto('genres').values(row).execute();
  return row.id;
}
export const insertPublisher = async (db: Db, row: Insertable<Database['publishers']>) =>
  (await db.insertInto('publishers').values(row).returning('id').executeTakeFirstOrThrow()).id;
export const insertMagazine = async (db: Db, row: Insertable<Database['magazines']>) =>
  (await db.insertInto('magazines').values(row).returning('id').executeTakeFirstOrThrow()).id;

/** Writes `row` when the version is still the one read (and counts one more); false when it moved. */
export async function updateAt<T extends TaxonomyTable>(
  db: Db,
  table: T,
  id: number,
  version: number,
  row: Updateable<Database[T]>,
): Promise<boolean> {
  const result = await (db as Kysely<Database>)
    .updateTable(table as 'genres')
    .set((eb) => ({ ...(row as Updateable<Database['genres']>), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
