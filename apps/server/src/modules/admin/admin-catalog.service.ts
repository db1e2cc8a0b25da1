import { type AdminBook, type AdminTitle, type CreateTitleBody, type TitleListItem, type UpdateBookBody, type UpdateTitleBody, instantToTokyoMinute } from '@hondana/domain/admin/admin-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { refreshSearchText } from '../catalog/search.service';
import type { AuditEntry } from './audit.repository';
import * as repo from './admin-catalog.repository';

type Db = Kysely<Database> | Transaction<Database>;

const conflict = (what: string) => new AppError(409, ErrorCode.EDIT_CONFLICT, [`${what}: changed by someone else since it was loaded; load it again`]);
const minute = (instant: number | null) => (instant === null ? null : instantToTokyoMinute(Number(instant)));

/** The consumption tax inside a tax-included price (10%, rounded down as the demo catalog does). */
export const taxInside = (price: number) => Math.floor((price * 10) / 110);

export function bookView(b: repo.BookRow): AdminBook {
  return {
    id: b.id,
    titleId: b.title_id,
    vol: b.vol,
    contentsName: b.contents_name,
    description: b.description,
    price: b.price,
    sale: b.sale_price === null ? null : { price: b.sale_price, start: minute(b.sale_start_datetime), end: minute(b.sale_end_datetime) },
    free: b.free_flg === 1 ? { start: minute(b.free_start_datetime), end: minute(b.free_end_datetime) } : null,
    releaseAt: instantToTokyoMinute(Number(b.start_datetime)),
    published: b.sales_status !== 'STOPPED',
    layoutType: b.layout_type,
    pageCount: b.page_count,
    samplePageTotal: b.sample_page_total,
    version: b.version,
  };
}

export async function titleDetail(db: Db, titleId: number): Promise<AdminTitle> {
  const t = await repo.titleRow(db, titleId);
  if (!t) throw notFound('title');
  const [authors, books] = await Promise.all([repo.titleAuthors(db, titleId), repo.titleBooks(db, titleId)]);
  return {
    id: t.id,
    name: t.name,
    kana: t.kana,
    description: t.description,
    pageType: t.page_type,
    genreId: t.genre_id,
    eroticType: t.erotic_type,
    publisher: t.publisher ?? '',
    magazine: t.magazine ?? '',
    authors,
    version: t.version,
    books: books.map(bookView),
  };
}

export async function searchTitles(db: Db, q: string, offset: number): Promise<TitleListItem[]> {
  const rows = await repo.searchTitles(db, q, offset);
  return rows.map((r) => ({ id: r.id, name: r.name, kana: r.kana, eroticType: r.erotic_type, bookCount: Number(r.book_count ?? 0), publishedCount: Number(r.published_count ?? 0) }));
}

async function titleColumns(trx: Db, input: CreateTitleBody | UpdateTitleBody): Promise<repo.TitleColumns> {
  const publisherId = await repo.findOrAddPublisher(trx, input.publisher.trim());
  return {
    name: input.name.trim(),
    kana: input.kana.trim(),
    description: input.description,
    page_type: input.pageType,
    genre_id: input.genreId,
    erotic_type: input.eroticType,
    publisher_id: publisherId,
    magazine_id: await repo.findOrAddMagazine(trx, input.magazine.trim(), publisherId),
  };
}

async function checkGenre(trx: Db, genreId: number | null) {
  if (genreId !== null && !(await repo.genres(trx)).some((g) => g.id === genreId)) throw badRequest('genreId', 'must be a genre id');
}

export async function createTitle(trx: Transaction<Database>, input: CreateTitleBody, now: number): Promise<{ body: AdminTitle; audit: AuditEntry[] }> {
  await checkGenre(trx, input.genreId);
  const titleId = await repo.insertTitle(trx, await titleColumns(trx, input), now);
  await repo.replaceCredits(trx, titleId, input.authors, now);
  await refreshSearchText(trx, [titleId]);
  const after = await titleDetail(trx, titleId);
  return { body: after, audit: [{ action: 'title.create', subject: `title:${titleId}`, after: { ...after, books: undefined } }] };
}

export async function updateTitle(trx: Transaction<Database>, titleId: number, input: UpdateTitleBody, now: number): Promise<{ body: AdminTitle; audit: AuditEntry[] }> {
  const before = await titleDetail(trx, titleId);
  await checkGenre(trx, input.genreId);
  if (!(await repo.updateTitleAt(trx, titleId, input.version, await titleColumns(trx, input), now))) throw conflict('title');
  await repo.replaceCredits(trx, titleId, input.authors, now);
  await refreshSearchText(trx, [titleId]);
  const after = await titleDetail(trx, titleId);
  return { body: after, audit: [{ action: 'title.update', subject: `title:${titleId}`, before: { ...before, books: undefined }, after: { ...after, books: undefined } }] };
}

async function loadBook(trx: Db, bookId: number): Promise<repo.BookRow> {
  const row = await repo.bookRow(trx, bookId);
  if (!row) throw notFound('book');
  return row;
}

/** A published book has pages (or chapters) and a price, or is free (the console's rule). */
async function checkPublishable(trx: Db, b: repo.BookRow): Promise<void> {
  const content = b.layout_type === 2 ? await repo.textChapterCount(trx, b.id) : b.page_count;
  if (content === 0) throw badRequest('published', 'a book without pages cannot be published');
  if (b.price === 0 && b.free_flg !== 1) throw badRequest('price', 'a published book needs a price or a free period');
}

export async function updateBook(trx: Transaction<Database>, bookId: number, input: UpdateBookBody): Promise<{ body: AdminBook; audit: AuditEntry[] }> {
  const before = await loadBook(trx, bookId);
  if (input.sale && input.sale.price >= input.price) throw badRequest('sale.price', 'must be below the price');
  const changed = await repo.updateBookAt(trx, bookId, input.version, {
    contents_name: input.contentsName.trim(),
    description: input.description,
    price: input.price,
    tax_amount: taxInside(input.price),
    sale_price: input.sale?.price ?? null,
    sale_start_datetime: input.sale?.start ?? null,
    sale_end_datetime: input.sale?.end ?? null,
    free_flg: input.free ? 1 : 0,
    free_start_datetime: input.free?.start ?? null,
    free_end_datetime: input.free?.end ?? null,
    start_datetime: input.releaseAt,
    sample_page_total: input.samplePageTotal,
  });
  if (!changed) throw conflict('book');
  const after = await loadBook(trx, bookId);
  if (after.sales_status !== 'STOPPED') await checkPublishable(trx, after);
  return { body: bookView(after), audit: [{ action: 'book.update', subject: `book:${bookId}`, before: bookView(before), after: bookView(after) }] };
}

/** Lists or unlists a book; nothing an order refers to is deleted, so this is how a book leaves the store. */
export async function publishBook(trx: Transaction<Database>, bookId: number, input: { version: number; published: boolean }): Promise<{ body: AdminBook; audit: AuditEntry[] }> {
  const before = await loadBook(trx, bookId);
  if (input.published) await checkPublishable(trx, before);
  if (!(await repo.updateBookAt(trx, bookId, input.version, { sales_status: input.published ? 'ON_SALE' : 'STOPPED' }))) throw conflict('book');
  const after = await loadBook(trx, bookId);
  return { body: bookView(after), audit: [{ action: input.published ? 'book.publish' : 'book.unpublish', subject: `book:${bookId}`, before: bookView(before), after: bookView(after) }] };
}

export const genreList = (db: Db) => repo.genres(db);
