import type { BookMediaView } from '@hondana/domain/admin/admin-media-api';
import type { UpdateSampleBody } from '@hondana/domain/admin/admin-serials-api';
import { parseCustomSample } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import { coverUrl } from '@hondana/domain/catalog/media-urls';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { makeEagerDerivatives } from '../../import/eager-derivatives';
import { storeImage } from '../../import/page-images';
import type { MediaStore } from '../../media/media-store';
import { bumpBookMediaAt, updateBookAt } from '../catalog/catalog-writes';
import type { AuditEntry } from './audit.repository';
import * as repo from './admin-media.repository';

const conflict = () => new AppError(409, ErrorCode.EDIT_CONFLICT, ['book: changed by someone else since it was loaded; load it again']);
const REFLOW = 2;

export async function bookMedia(db: Db, bookId: number): Promise<BookMediaView> {
  const b = await repo.bookSampleRow(db, bookId);
  if (!b) throw notFound('book');
  return {
    bookId,
    pageCount: b.page_count,
    samplePageTotal: b.sample_page_total,
    customSamplePages: parseCustomSample(b.custom_sample_pages),
    coverUrl: coverUrl(bookId, 150, b.media_version),
    coverUploaded: (await repo.coverUpload(db, bookId)) !== undefined,
    version: b.version,
  };
}

const sampleOf = (v: BookMediaView) => ({ samplePageTotal: v.samplePageTotal, customSamplePages: v.customSamplePages, version: v.version });

/**
 * The book's sample: its first `samplePageTotal` pages (chapters for a text book), or the pages
 * listed in `customSamplePages` — each one of the book's pages, no page twice. The viewer and
 * the page server read the same two columns (`isSamplePage`).
 */
export async function updateSample(
  trx: Transaction<Database>,
  bookId: number,
  input: UpdateSampleBody,
): Promise<{ body: BookMediaView; audit: AuditEntry[] }> {
  const b = await repo.bookSampleRow(trx, bookId);
  if (!b) throw notFound('book');
  // The fields sent are changed, the others kept: a new count leaves the chosen pages, and the other way round.
  const total = input.samplePageTotal ?? b.sample_page_total;
  const pages = b.layout_type === REFLOW ? null : b.page_count;
  if (input.samplePageTotal !== undefined && pages !== null && total > pages)
    throw badRequest('samplePageTotal', `must be at most the book's ${pages} pages`);
  const sent = input.customSamplePages;
  const custom = sent === undefined ? undefined : sent && sent.length > 0 ? sent : null;
  if (custom) {
    if (b.layout_type === REFLOW) throw badRequest('customSamplePages', 'a text book has no pages to choose');
    if (custom.some((p) => p >= b.page_count)) throw badRequest('customSamplePages', `must be pages of the book (0–${b.page_count - 1})`);
    if (new Set(custom).size !== custom.length) throw badRequest('customSamplePages', 'must not name a page twice');
  }
  const before = await bookMedia(trx, bookId);
  const columns = {
    sample_page_total: total,
    ...(custom === undefined ? {} : { custom_sample_pages: custom ? JSON.stringify([...custom].sort((x, y) => x - y)) : null }),
  };
  if (!(await updateBookAt(trx, bookId, input.version, columns))) throw conflict();
  const after = await bookMedia(trx, bookId);
  return { body: after, audit: [{ action: 'book.sample', subject: `book:${bookId}`, before: sampleOf(before), after: sampleOf(after) }] };
}

/** The uploaded image, proved whole and stored under its hash before the catalog write (as the import does). */
export const storeCoverImage = (media: MediaStore, data: Buffer) => storeImage(data, media, (message) => badRequest('file', message));

export async function setCover(
  trx: Transaction<Database>,
  bookId: number,
  input: { version: number; image: { key: string; width: number; height: number } },
  now: number,
): Promise<{ body: BookMediaView; audit: AuditEntry[] }> {
  const before = await bookMedia(trx, bookId);
  const cover = { original_key: input.image.key, width: input.image.width, height: input.image.height };
  if (!(await bumpBookMediaAt(trx, bookId, input.version))) throw conflict();
  await repo.putCoverUpload(trx, bookId, cover, now);
  const after = await bookMedia(trx, bookId);
  return {
    body: after,
    audit: [
      {
        action: 'book.cover',
        subject: `book:${bookId}`,
        before: { coverUrl: before.coverUrl, uploaded: before.coverUploaded },
        after: { coverUrl: after.coverUrl, original: input.image.key, width: input.image.width, height: input.image.height },
      },
    ],
  };
}

/**
 * Back to the cover the book came with: the import's cover (or its first page), or the drawn one
 * for a demo volume. Refused when no cover was uploaded; 409 when the book changed meanwhile.
 */
export async function revertCover(
  trx: Transaction<Database>,
  bookId: number,
  version: number,
): Promise<{ body: BookMediaView; audit: AuditEntry[] }> {
  const before = await bookMedia(trx, bookId);
  if (!before.coverUploaded) throw badRequest('cover', 'has no uploaded cover to take back');
  if (!(await bumpBookMediaAt(trx, bookId, version, repo.hasCoverUpload(bookId)))) throw conflict();
  await repo.deleteCoverUpload(trx, bookId);
  const after = await bookMedia(trx, bookId);
  return {
    body: after,
    audit: [
      {
        action: 'book.coverRevert',
        subject: `book:${bookId}`,
        before: { coverUrl: before.coverUrl, uploaded: true },
        after: { coverUrl: after.coverUrl, uploaded: false },
      },
    ],
  };
}

/** The uploaded cover's sizes are dropped: the next request makes them from the cover the book came with. */
export const dropCoverDerivatives = (media: MediaStore, bookId: number) => media.deletePrefix(`covers/${bookId}/`);

/** The new cover's sizes, made now so the store's pages never wait for sharp (the old ones are dropped first). */
export async function renderCover(media: MediaStore, bookId: number, originalKey: string): Promise<void> {
  await media.deletePrefix(`covers/${bookId}/`);
  await makeEagerDerivatives(media, bookId, originalKey, []);
}
