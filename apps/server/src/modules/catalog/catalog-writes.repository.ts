import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { taxInside } from '@hondana/domain/catalog/catalog';
import type { Database, Db } from '../../db/schema';

/**
 * Every write of `titles` and `books` (and a title's credits) made for another area (issue 43: the catalog owns them):
 * the import's new titles and volumes, the console's edits, covers, samples and serial creation.
 * The catalog's own writes (search text) stay in their repositories. Reviews move a title's
 * rating columns with `moveTitleRating`, which `app.ts` hands them (the catalog imports reviews).
 */

// The import (import/write-book.ts).

export interface ImportedTitle {
  name: string;
  kana: string;
  description: string;
  pageType: string;
  eroticType: number;
  publisherId: number | null;
  now: number;
}

export async function insertImportedTitle(db: Db, t: ImportedTitle): Promise<number> {
  const row = await db
    .insertInto('titles')
    .values({
      name: t.name,
      kana: t.kana,
      description: t.description,
      page_type: t.pageType,
      genre_id: null,
      erotic_type: t.eroticType,
      complete_flg: 0,
      magazine_id: null,
      publisher_id: t.publisherId,
      created_at: t.now,
      updated_at: t.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An import touched the title: its update time moves on, and an R18 file makes it R18. */
export async function touchTitle(db: Db, titleId: number, now: number, eroticType: number | null): Promise<void> {
  await db
    .updateTable('titles')
    .set(eroticType === null ? { updated_at: now } : { updated_at: now, erotic_type: eroticType })
    .where('id', '=', titleId)
    .execute();
}

export interface BookContent {
  contentsName: string;
  description: string;
  layoutType: number;
  direction: 'rtl' | 'ltr';
  pageCount: number;
  samplePageTotal: number;
  /** Text books only: 'vertical' or 'horizontal'; null for image books. */
  writingMode: 'vertical' | 'horizontal' | null;
}

/** A new book's place in the store: on sale or waiting unlisted (STOPPED), and its price (tax included). */
export interface NewBookListing {
  salesStatus: 'ON_SALE' | 'STOPPED';
  price: number;
}

export async function insertImportedBook(
  db: Db,
  titleId: number,
  vol: number,
  c: BookContent,
  now: number,
  listing: NewBookListing,
): Promise<number> {
  const row = await db
    .insertInto('books')
    .values({
      title_id: titleId,
      vol,
      contents_name: c.contentsName,
      description: c.description,
      price: listing.price,
      tax_amount: taxInside(listing.price),
      sale_price: null,
      sale_start_datetime: null,
      sale_end_datetime: null,
      free_flg: 0,
      free_start_datetime: null,
      free_end_datetime: null,
      start_datetime: now,
      end_datetime: null,
      sales_status: listing.salesStatus,
      layout_type: c.layoutType,
      direction: c.direction,
      writing_mode: c.writingMode,
      page_count: c.pageCount,
      sample_page_total: c.samplePageTotal,
      custom_sample_pages: null,
      imaged_reflow: 0,
      rental_minutes: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** New content for an imported book: its pages change, so its media version moves on (new URLs). */
export async function updateBookContent(db: Db, bookId: number, c: BookContent): Promise<void> {
  await db
    .updateTable('books')
    .set((eb) => ({
      contents_name: c.contentsName,
      description: c.description,
      layout_type: c.layoutType,
      direction: c.direction,
      writing_mode: c.writingMode,
      page_count: c.pageCount,
      sample_page_total: c.samplePageTotal,
      custom_sample_pages: null,
      media_version: eb('media_version', '+', 1),
    }))
    .where('id', '=', bookId)
    .execute();
}

/**
 * A file imported into an existing book (`bookId`): only what the file decides changes (layout,
 * page count), and the media version moves on; its name, description, price and sample stay.
 */
export async function updateBookFile(db: Db, bookId: number, c: BookContent): Promise<void> {
  await db
    .updateTable('books')
    .set((eb) => ({
      layout_type: c.layoutType,
      direction: c.direction,
      writing_mode: c.writingMode,
      page_count: c.pageCount,
      media_version: eb('media_version', '+', 1),
    }))
    .where('id', '=', bookId)
    .execute();
}

// The console (modules/admin): edits at a version, covers, samples, a serial's title.

export interface TitleColumns {
  name: string;
  kana: string;
  description: string;
  page_type: string;
  genre_id: number | null;
  erotic_type: number;
  publisher_id: number | null;
  magazine_id: number | null;
}

export const insertTitle = async (db: Db, t: TitleColumns, now: number): Promise<number> =>
  (
    await db
      .insertInto('titles')
      .values({ ...t, complete_flg: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

/** Writes the title only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateTitleAt(db: Db, titleId: number, version: number, t: Partial<TitleColumns>, now: number): Promise<boolean> {
  const result = await db
    .updateTable('titles')
    .set((eb) => ({ ...t, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', titleId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Writes the title's row without changing it, so two writers of the title (two serial creates)
 * run one after the other; false when the title does not exist.
 */
export async function lockTitle(db: Db, titleId: number): Promise<boolean> {
  const locked = await db
    .updateTable('titles')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', titleId)
    .executeTakeFirst();
  return locked.numUpdatedRows > 0n;
}

export type BookColumns = Partial<{
  contents_name: string;
  description: string;
  price: number;
  tax_amount: number;
  sale_price: number | null;
  sale_start_datetime: number | null;
  sale_end_datetime: number | null;
  free_flg: 0 | 1;
  free_start_datetime: number | null;
  free_end_datetime: number | null;
  start_datetime: number;
  sales_status: string;
  sample_page_total: number;
  /** The console's sample screen: the pages chosen as the sample (JSON), or null for the first ones. */
  custom_sample_pages: string | null;
}>;

/** Writes the book only if it is still at `version` (and bumps it); false when another edit came first. */
export async function updateBookAt(db: Db, bookId: number, version: number, b: BookColumns): Promise<boolean> {
  const result = await db
    .updateTable('books')
    .set((eb) => ({ ...b, version: eb('version', '+', 1) }))
    .where('id', '=', bookId)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The book's cover changed: if the book is still at `version` (and `onlyIf` holds, a condition of
 * the caller's own tables), its version and media version (the `?v=` of its cover URLs) are
 * bumped, so every page asks for the new cover. False when not.
 */
export async function bumpBookMediaAt(
  db: Db,
  bookId: number,
  version: number,
  onlyIf?: (eb: ExpressionBuilder<Database, 'books'>) => Expression<SqlBool>,
): Promise<boolean> {
  let query = db
    .updateTable('books')
    .set((eb) => ({ version: eb('version', '+', 1), media_version: eb('media_version', '+', 1) }))
    .where('id', '=', bookId)
    .where('version', '=', version);
  if (onlyIf) query = query.where(onlyIf);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

// A title's credits (authors, title_authors).

/** An author credited on a title, in the role (AuthorRole) given. */
interface Credit {
  name: string;
  kana: string;
  role: string;
}

/** The author a credit names, found by name (the import) or by name and reading (the console), else added. */
async function authorIdOf(db: Db, author: Credit, now: number, match: 'name' | 'name and kana'): Promise<number> {
  let query = db.selectFrom('authors').select('id').where('name', '=', author.name);
  if (match === 'name and kana') query = query.where('kana', '=', author.kana);
  const found = await query.orderBy('id').executeTakeFirst();
  if (found) return found.id;
  return (
    await db
      .insertInto('authors')
      .values({ name: author.name, kana: author.kana, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A title's credit of the author in the author's role, at `order` (kept when it is there). */
async function credit(db: Db, titleId: number, author: Credit, order: number, authorId: number): Promise<void> {
  await db
    .insertInto('title_authors')
    .values({ title_id: titleId, author_id: authorId, role: author.role, sort_order: order })
    .onConflict((oc) => oc.columns(['title_id', 'author_id', 'role']).doNothing())
    .execute();
}

/** The import credits the title's authors (found by name, or added), keeping credits it already has. */
export async function creditImportedAuthors(db: Db, titleId: number, authors: Credit[], now: number): Promise<void> {
  const existing = await db
    .selectFrom('title_authors')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .where('title_id', '=', titleId)
    .executeTakeFirst();
  let order = Number(existing?.last ?? -1) + 1;
  for (const author of authors) await credit(db, titleId, author, order++, await authorIdOf(db, author, now, 'name'));
}

/** The console replaces the title's credits with `authors` (found by name and reading, or added). */
export async function replaceCredits(db: Db, titleId: number, authors: Credit[], now: number): Promise<void> {
  await db.deleteFrom('title_authors').where('title_id', '=', titleId).execute();
  for (const [order, author] of authors.entries()) {
    await credit(db, titleId, author, order, await authorIdOf(db, author, now, 'name and kana'));
  }
}

// Reviews (reviews/reviews.service.ts, through app.ts).

/**
 * The title's rating columns move by deltas in the review's own transaction: an increment
 * re-reads the row it locks, so concurrent reviews of one title on PostgreSQL never lose a
 * count (a recount in an UPDATE would read a snapshot taken before the other writer committed).
 */
export async function moveTitleRating(db: Db, titleId: number, count: number, stars: number): Promise<void> {
  if (count === 0 && stars === 0) return;
  await db
    .updateTable('titles')
    .set((eb) => ({ review_count: eb('review_count', '+', count), review_star_total: eb('review_star_total', '+', stars) }))
    .where('id', '=', titleId)
    .execute();
}
