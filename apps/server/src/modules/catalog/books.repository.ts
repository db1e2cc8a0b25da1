import type { Db } from '../../db/schema';
import type { BookAuthor, BookSerialRef } from '@hondana/domain/catalog/books-api';

/** Book queries (§7 "Books"): each is one indexed statement. */

/** A book's own columns, as the book calls use them. */
export interface VolumeRow {
  id: number;
  titleId: number;
  vol: number;
  contentsName: string;
  description: string;
  price: number;
  taxAmount: number;
  salePrice: number | null;
  saleStartDatetime: number | null;
  saleEndDatetime: number | null;
  freeFlg: number;
  freeStartDatetime: number | null;
  freeEndDatetime: number | null;
  startDatetime: number;
  endDatetime: number | null;
  salesStatus: string;
  layoutType: number;
  direction: 'rtl' | 'ltr';
  writingMode: 'vertical' | 'horizontal' | null;
  pageCount: number;
  samplePageTotal: number;
  customSamplePages: string | null;
  imagedReflow: number;
  rentalMinutes: number | null;
  mediaVersion: number;
}

/** A title with its publisher and magazine names. */
export interface TitleInfoRow {
  titleId: number;
  titleName: string;
  titleKana: string;
  titleDescription: string;
  pageType: string;
  genreId: number | null;
  genreName: string | null;
  eroticType: number;
  completeFlg: number;
  publisherId: number | null;
  publisherName: string | null;
  magazineId: number | null;
  magazineName: string | null;
  notes: string;
  updatedAt: number;
  /** Live reviews and their star total (migration 0900, kept by the reviews service). */
  reviewCount: number;
  reviewStarTotal: number;
}

const volumeColumns = [
  'b.id',
  'b.title_id as titleId',
  'b.vol',
  'b.contents_name as contentsName',
  'b.description',
  'b.price',
  'b.tax_amount as taxAmount',
  'b.sale_price as salePrice',
  'b.sale_start_datetime as saleStartDatetime',
  'b.sale_end_datetime as saleEndDatetime',
  'b.free_flg as freeFlg',
  'b.free_start_datetime as freeStartDatetime',
  'b.free_end_datetime as freeEndDatetime',
  'b.start_datetime as startDatetime',
  'b.end_datetime as endDatetime',
  'b.sales_status as salesStatus',
  'b.layout_type as layoutType',
  'b.direction',
  'b.writing_mode as writingMode',
  'b.page_count as pageCount',
  'b.sample_page_total as samplePageTotal',
  'b.custom_sample_pages as customSamplePages',
  'b.imaged_reflow as imagedReflow',
  'b.rental_minutes as rentalMinutes',
  'b.media_version as mediaVersion',
] as const;

const titleColumns = [
  't.id as titleId',
  't.name as titleName',
  't.kana as titleKana',
  't.description as titleDescription',
  't.page_type as pageType',
  't.genre_id as genreId',
  'g.name as genreName',
  't.erotic_type as eroticType',
  't.complete_flg as completeFlg',
  't.publisher_id as publisherId',
  'p.name as publisherName',
  't.magazine_id as magazineId',
  'm.name as magazineName',
  't.notes',
  't.updated_at as updatedAt',
  't.review_count as reviewCount',
  't.review_star_total as reviewStarTotal',
] as const;

/** Titles by id with their publisher and magazine. */
export function titleInfosByIds(db: Db, ids: readonly number[]): Promise<TitleInfoRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('titles as t')
    .leftJoin('publishers as p', 'p.id', 't.publisher_id')
    .leftJoin('magazines as m', 'm.id', 't.magazine_id')
    .leftJoin('genres as g', 'g.id', 't.genre_id')
    .select(titleColumns)
    .where('t.id', 'in', ids)
    .execute();
}

/** Every volume of the titles, by the (title_id, vol) unique index. */
export function volumesOfTitles(db: Db, titleIds: readonly number[]): Promise<VolumeRow[]> {
  if (titleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('books as b')
    .select(volumeColumns)
    .where('b.title_id', 'in', titleIds)
    .orderBy('b.title_id')
    .orderBy('b.vol')
    .execute();
}

/** Authors of each title in credit order. */
export async function authorsOfTitles(db: Db, titleIds: readonly number[]): Promise<Map<number, BookAuthor[]>> {
  const byTitle = new Map<number, BookAuthor[]>();
  if (titleIds.length === 0) return byTitle;
  const rows = await db
    .selectFrom('title_authors as ta')
    .innerJoin('authors as a', 'a.id', 'ta.author_id')
    .select(['ta.title_id as titleId', 'a.id as authorId', 'a.name', 'a.kana', 'ta.role as type'])
    .where('ta.title_id', 'in', titleIds)
    .orderBy('ta.title_id')
    .orderBy('ta.sort_order')
    .orderBy('a.id')
    .execute();
  for (const { titleId, ...author } of rows) {
    const list = byTitle.get(titleId) ?? [];
    list.push(author);
    byTitle.set(titleId, list);
  }
  return byTitle;
}

/** Members who have each title on their list now (wish_titles of the notices area). */
export async function wishCounts(db: Db, titleIds: readonly number[]): Promise<Map<number, number>> {
  if (titleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('wish_titles')
    .select((eb) => ['title_id as id', eb.fn.countAll<number>().as('n')])
    .where('title_id', 'in', titleIds)
    .groupBy('title_id')
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The serial each title is published as, if any. */
export async function serialsOfTitles(db: Db, titleIds: readonly number[]): Promise<Map<number, BookSerialRef>> {
  if (titleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('serials')
    .select(['id', 'title_id as titleId', 'name'])
    .where('title_id', 'in', titleIds)
    .orderBy('id')
    .execute();
  const byTitle = new Map<number, BookSerialRef>();
  for (const r of rows) if (r.titleId !== null && !byTitle.has(r.titleId)) byTitle.set(r.titleId, { serialId: r.id, name: r.name });
  return byTitle;
}
