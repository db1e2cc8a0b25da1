import type { ViewerInfo } from '@hondana/domain/reading';
import { apiRequest } from '../../../lib/api/client';
import { OFFLINE_SHELL_CACHE, OFFLINE_SHELL_PATH } from './offline-shell';
import { type OfflineDb, type SavedBook, putBook, putPage, removeSaved } from './offline-store';

export type SaveProgress = { done: number; total: number; bytes: number };

/** Thrown when the book has no image pages to keep (a reflow text book) or none the member may read. */
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
  const pages = info.pages_data.pages.filter((p) => p.accessible && p.images.length > 0);
  if (!info.book_data.fullAccess || pages.length === 0 || pages.length < info.pages_data.totalPage) throw new NotSavable();
  const progress: SaveProgress = { done: 0, total: pages.length, bytes: 0 };
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
        const response = await fetch(await urlOf(page));
        if (!response.ok) throw new Error(`page ${page}: ${response.status}`);
        const blob = await response.blob();
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
