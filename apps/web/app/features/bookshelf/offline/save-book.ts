import type { BookText, ViewerInfo } from '@hondana/domain/reading/reading-api';
import { viewerKindOf } from '@hondana/domain/viewer/direction';
import { ApiError, FILE_NOT_FETCHED, apiRequest, fetchBlob } from '../../../lib/api/client';
import { markFigures } from './offline-figures';
import { OFFLINE_SHELL_CACHE, OFFLINE_SHELL_PATH } from './offline-shell';
import { type OfflineDb, type SavedBook, putBook, putChapter, putPage, removeSaved } from './offline-store';

/** How far a save is: pages of an image book, chapters of a text book. */
export type SaveProgress = { done: number; total: number; bytes: number; unit: 'pages' | 'chapters' };

/** Thrown when the member may not keep the book (not their own, or only its sample). */
export class NotSavable extends Error {}

/** Pages fetched at once: enough to fill the connection, few enough to show steady progress. */
const PARALLEL = 3;

const bookInfo = (bookId: number): Promise<ViewerInfo> =>
  apiRequest<ViewerInfo>('/browser/bookinfo/v2', { query: { bookId, ac: 1 }, allowUnauthorized: true });

/**
 * Saves an owned book's pages on this device: the viewer's signed URLs (smallest width), fetched
 * while online and kept as blobs in the member's own database. The URLs expire in minutes, so a
 * long download asks for fresh ones. The book is listed only when every page is stored; a
 * failure deletes what was stored.
 */
export async function saveBook(db: OfflineDb, bookId: number, onProgress: (p: SaveProgress) => void): Promise<SavedBook> {
  let info = await bookInfo(bookId);
  if (viewerKindOf(info.layoutType, info.book_data.imagedReflow) === 'text') return saveText(db, info, onProgress);
  const pages = info.pages_data.pages.filter((p) => p.accessible && p.images.length > 0);
  if (!info.book_data.fullAccess || pages.length === 0 || pages.length < info.pages_data.totalPage) throw new NotSavable();
  const progress: SaveProgress = { done: 0, total: pages.length, bytes: 0, unit: 'pages' };
  onProgress({ ...progress });
  const urlOf = async (page: number) => {
    if (info.pages_data.urlExpiresAt !== null && Date.now() > info.pages_data.urlExpiresAt - 30_000) info = await bookInfo(bookId);
    const fresh = info.pages_data.pages.find((p) => p.page === page);
    return fresh?.images[0]?.webp ?? '';
  };
  try {
    const queue = pages.map((p) => p.page);
    const worker = async () => {
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
        const blob = await fetchBlob(await urlOf(page));
        await putPage(db, bookId, page, blob);
        progress.done += 1;
        progress.bytes += blob.size;
        onProgress({ ...progress });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const book: SavedBook = {
      bookId,
      title: info.book_data.title,
      titleName: info.book_data.titleName,
      direction: info.book_data.direction,
      totalPage: info.pages_data.totalPage,
      pages: pages.map(({ page, width, height }) => ({ page, width, height })),
      bytes: progress.bytes,
      savedAt: Date.now(),
      startupPage: info.book_data.startupPage,
    };
    await putBook(db, book);
    await keepOfflineShell();
    return book;
  } catch (error) {
    await removeSaved(db, bookId);
    throw error;
  }
}

/** `GET /api/browser/book_text?offline=1`: the server answers only the member's own book, part by part. */
const offlineText = (bookId: number, chapter?: number): Promise<BookText> =>
  apiRequest<BookText>('/browser/book_text', { query: { book_id: bookId, ac: 1, offline: 1, chapter }, allowUnauthorized: true });

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Saves an owned text (reflow) book: its contents, then each chapter's HTML (what the text
 * viewer reads: text with <ruby>) and its illustrations, kept in the member's own database. An
 * illustration's URL is signed for the owner's grant of that chapter and expires in minutes, so
 * it is fetched right after its chapter and kept as a blob with it (offline-figures.ts).
 * The server checks the entitlement on every chapter (403 for anyone but the owner, the sample
 * too); the book is listed only when every chapter is stored, and a failure deletes what was.
 */
async function saveText(db: OfflineDb, info: ViewerInfo, onProgress: (p: SaveProgress) => void): Promise<SavedBook> {
  const bookId = info.book_data.id;
  if (!info.book_data.fullAccess) throw new NotSavable();
  try {
    const contents = await offlineText(bookId);
    if (contents.chapters.length === 0) throw new NotSavable();
    const progress: SaveProgress = { done: 0, total: contents.chapters.length, bytes: 0, unit: 'chapters' };
    onProgress({ ...progress });
    const queue = contents.chapters.map((c) => c.chapterNo);
    const worker = async () => {
      for (let chapterNo = queue.shift(); chapterNo !== undefined; chapterNo = queue.shift()) {
        const [chapter] = (await offlineText(bookId, chapterNo)).chapters;
        if (!chapter || chapter.html === null) throw new Error(`chapter ${chapterNo}: no text`);
        const { html, sources } = markFigures(chapter.html);
        const figures: Blob[] = [];
        for (const source of sources) {
          figures.push(await fetchBlob(source));
        }
        await putChapter(db, { bookId, chapterNo, title: chapter.title, html, figures });
        progress.done += 1;
        progress.bytes += utf8Bytes(chapter.title) + utf8Bytes(html) + figures.reduce((sum, f) => sum + f.size, 0);
        onProgress({ ...progress });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const book: SavedBook = {
      bookId,
      kind: 'text',
      title: info.book_data.title,
      titleName: info.book_data.titleName,
      direction: 'rtl',
      totalPage: 0,
      pages: [],
      chapters: contents.chapters.map((c) => c.chapterNo),
      bytes: progress.bytes,
      savedAt: Date.now(),
      startupPage: info.readingPage?.page ?? 0,
      startupFont: info.readingPage?.font ?? null,
    };
    await putBook(db, book);
    await keepOfflineShell();
    return book;
  } catch (error) {
    await removeSaved(db, bookId);
    // The server refusing a chapter (not an illustration's host refusing its file) means not the member's to keep.
    throw error instanceof ApiError && error.status === 403 && error.errorCode !== FILE_NOT_FETCHED ? new NotSavable() : error;
  }
}

/** Puts the offline shelf's page in the service worker's cache now, so the first visit without a network finds it. */
async function keepOfflineShell(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(OFFLINE_SHELL_CACHE);
    await cache.add(OFFLINE_SHELL_PATH);
  } catch {
    // The service worker keeps it on the next visit anyway.
  }
}
