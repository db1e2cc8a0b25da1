import {
  type AdminBook,
  type AdminTitle,
  type BookFields,
  type CreateTitleBody,
  type TitleFields,
  type TitleListItem,
  type UpdateBookBody,
  type UpdateTitleBody,
} from '@hondana/domain/admin/admin-api';
import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { priceInEffect } from '@hondana/domain/catalog/books';
import { taxInside } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import * as catalog from '../catalog/catalog-writes';
import { refreshSearchText } from '../catalog/search.service';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './admin-catalog.repository';

const conflict = (what: string) =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, [`${what}: changed by someone else since it was loaded; load it again`]);
const minute = (instant: number | null) => (instant === null ? null : instantToTokyoMinute(Number(instant)));

/** A volume as it is stored (what the audit log records). */
function storedBookView(b: repo.BookRow): Omit<AdminBook, 'priceNow'> {
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

const instant = (value: number | null) => (value === null ? null : Number(value));

/** What a member pays at `now` by the store's rule (`priceInEffect`), and why. */
function priceNow(b: repo.BookRow, now: number): AdminBook['priceNow'] {
  const pricing = {
    price: b.price,
    salePrice: b.sale_price,
    saleStartDatetime: instant(b.sale_start_datetime),
    saleEndDatetime: instant(b.sale_end_datetime),
    freeFlg: b.free_flg === 1,
    freeStartDatetime: instant(b.free_start_datetime),
    freeEndDatetime: instant(b.free_end_datetime),
  };
  const at = priceInEffect(pricing, now);
  const reason = at.free ? 'free' : at.limitedSale ? 'sale' : 'list';
  return { price: at.price, reason, until: reason === 'list' ? null : minute(at.endDatetime) };
}

/** A volume as the console edits it, with the price in effect at `now`. */
const bookView = (b: repo.BookRow, now: number): AdminBook => ({ ...storedBookView(b), priceNow: priceNow(b, now) });

export async function titleDetail(db: Db, titleId: number, now: number): Promise<AdminTitle> {
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
    publisherId: t.publisher_id,
    magazineId: t.magazine_id,
    authors,
    version: t.version,
    books: books.map((b) => bookView(b, now)),
  };
}

export async function searchTitles(db: Db, q: string, offset: number): Promise<TitleListItem[]> {
  const rows = await repo.searchTitles(db, q, offset);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kana: r.kana,
    eroticType: r.erotic_type,
    bookCount: Number(r.book_count ?? 0),
    publishedCount: Number(r.published_count ?? 0),
  }));
}

/** A title's plain columns, each from its field; the publisher, magazine and credits are found by name (`titleColumns`). */
const titleWriters: ColumnWriters<TitleFields, catalog.TitleColumns> = {
  name: (v) => ({ name: v.trim() }),
  kana: (v) => ({ kana: v.trim() }),
  description: (v) => ({ description: v }),
  pageType: (v) => ({ page_type: v }),
  genreId: (v) => ({ genre_id: v }),
  eroticType: (v) => ({ erotic_type: v }),
  publisher: () => ({}),
  magazine: () => ({}),
  publisherId: (v) => (v === undefined ? {} : { publisher_id: v }),
  magazineId: (v) => (v === undefined ? {} : { magazine_id: v }),
  authors: () => ({}),
};

/** The columns of the fields sent; a new magazine is filed under the publisher sent, else the title's own. */
async function titleColumns(trx: Db, input: Partial<TitleFields>, publisherId: number | null): Promise<Partial<catalog.TitleColumns>> {
  const columns = columnsOf(input, titleWriters);
  if (input.publisherId !== undefined && input.publisherId !== null && !(await repo.exists(trx, 'publishers', input.publisherId)))
    throw badRequest('publisherId', 'must be a publisher id');
  if (input.magazineId !== undefined && input.magazineId !== null && !(await repo.exists(trx, 'magazines', input.magazineId)))
    throw badRequest('magazineId', 'must be a magazine id');
  // A picked id wins over a typed name.
  if (input.publisher !== undefined && input.publisherId === undefined)
    columns.publisher_id = await repo.findOrAddPublisher(trx, input.publisher.trim());
  if (input.magazine !== undefined && input.magazineId === undefined)
    columns.magazine_id = await repo.findOrAddMagazine(trx, input.magazine.trim(), columns.publisher_id ?? publisherId);
  return columns;
}

async function checkGenre(trx: Db, genreId: number | null | undefined) {
  if (genreId !== null && genreId !== undefined && !(await repo.genres(trx)).some((g) => g.id === genreId))
    throw badRequest('genreId', 'must be a genre id');
}

export async function createTitle(
  trx: Transaction<Database>,
  input: CreateTitleBody,
  now: number,
): Promise<{ body: AdminTitle; audit: AuditEntry[] }> {
  await checkGenre(trx, input.genreId);
  const { token: _token, ...fields } = input;
  // Every field is sent on a create, so every column is set.
  const titleId = await catalog.insertTitle(trx, (await titleColumns(trx, fields, null)) as catalog.TitleColumns, now);
  await catalog.replaceCredits(trx, titleId, input.authors, now);
  await refreshSearchText(trx, [titleId]);
  const after = await titleDetail(trx, titleId, now);
  return { body: after, audit: [{ action: 'title.create', subject: `title:${titleId}`, after: { ...after, books: undefined } }] };
}

/** Changes the fields sent and keeps the others (the credits too, unless `authors` is sent). */
export async function updateTitle(
  trx: Transaction<Database>,
  titleId: number,
  input: UpdateTitleBody,
  now: number,
): Promise<{ body: AdminTitle; audit: AuditEntry[] }> {
  const { token: _token, version, ...fields } = input;
  const row = await repo.titleRow(trx, titleId);
  if (!row) throw notFound('title');
  const before = await titleDetail(trx, titleId, now);
  await checkGenre(trx, fields.genreId);
  if (!(await catalog.updateTitleAt(trx, titleId, version, await titleColumns(trx, fields, row.publisher_id), now)))
    throw conflict('title');
  if (fields.authors !== undefined) await catalog.replaceCredits(trx, titleId, fields.authors, now);
  await refreshSearchText(trx, [titleId]);
  const after = await titleDetail(trx, titleId, now);
  return {
    body: after,
    audit: [
      {
        action: 'title.update',
        subject: `title:${titleId}`,
        before: { ...before, books: undefined },
        after: { ...after, books: undefined },
      },
    ],
  };
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

/** A volume's columns, each from its field (a price sets its tax too; a free period its flag). */
const bookWriters: ColumnWriters<BookFields, catalog.BookColumns> = {
  contentsName: (v) => ({ contents_name: v.trim() }),
  description: (v) => ({ description: v }),
  price: (v) => ({ price: v, tax_amount: taxInside(v) }),
  sale: (v) => ({ sale_price: v?.price ?? null, sale_start_datetime: v?.start ?? null, sale_end_datetime: v?.end ?? null }),
  free: (v) => ({ free_flg: v ? 1 : 0, free_start_datetime: v?.start ?? null, free_end_datetime: v?.end ?? null }),
  releaseAt: (v) => ({ start_datetime: v }),
  samplePageTotal: (v) => ({ sample_page_total: v }),
};

/** Changes the fields sent and keeps the others; a sale must stay below the price it leaves. */
export async function updateBook(
  trx: Transaction<Database>,
  bookId: number,
  input: UpdateBookBody,
  now: number,
): Promise<{ body: AdminBook; audit: AuditEntry[] }> {
  const { token: _token, version, ...fields } = input;
  const before = await loadBook(trx, bookId);
  const price = fields.price ?? before.price;
  const salePrice = fields.sale === undefined ? before.sale_price : (fields.sale?.price ?? null);
  if ((fields.price !== undefined || fields.sale !== undefined) && salePrice !== null && salePrice >= price) {
    throw fields.sale
      ? badRequest('sale.price', 'must be below the price')
      : badRequest('price', `must be above the sale price (${salePrice})`);
  }
  if (!(await catalog.updateBookAt(trx, bookId, version, columnsOf(fields, bookWriters)))) throw conflict('book');
  const after = await loadBook(trx, bookId);
  if (after.sales_status !== 'STOPPED') await checkPublishable(trx, after);
  return {
    body: bookView(after, now),
    audit: [{ action: 'book.update', subject: `book:${bookId}`, before: storedBookView(before), after: storedBookView(after) }],
  };
}

/** Lists or unlists a book; nothing an order refers to is deleted, so this is how a book leaves the store. */
export async function publishBook(
  trx: Transaction<Database>,
  bookId: number,
  input: { version: number; published: boolean },
  now: number,
): Promise<{ body: AdminBook; audit: AuditEntry[] }> {
  const before = await loadBook(trx, bookId);
  if (input.published) await checkPublishable(trx, before);
  if (!(await catalog.updateBookAt(trx, bookId, input.version, { sales_status: input.published ? 'ON_SALE' : 'STOPPED' })))
    throw conflict('book');
  const after = await loadBook(trx, bookId);
  return {
    body: bookView(after, now),
    audit: [
      {
        action: input.published ? 'book.publish' : 'book.unpublish',
        subject: `book:${bookId}`,
        before: storedBookView(before),
        after: storedBookView(after),
      },
    ],
  };
}
