import { AppError, ErrorCode, badRequest } from '@hondana/domain/common/errors';
import {
  type BookmarkList,
  DEFAULT_VIEWER_SETTINGS,
  type FinishReadResult,
  type PastLastPageResult,
  type ReadingPageRecord,
  type SyncPageBody,
  type SyncPageResult,
  ViewerSettings,
  type ViewerSettingsPatch,
} from '@hondana/domain/reading/reading-api';
import { type SyncPosition, mergeSyncPosition } from '@hondana/domain/viewer/resume';
import { reachedReadEnd } from '@hondana/domain/reading/reading';
import { SalesStatus } from '@hondana/domain/catalog/catalog';
import { newlyNoticeOnPastLastPage } from '@hondana/domain/viewer/last-page';
import type { Db } from '../../db/schema';
import { recordCatalogEvent } from '../catalog/catalog-events';
import { statusOf } from '../catalog/books.service';
import { enableNewlyNoticeAfterReading } from '../notices/newly-on-read';
import type { ReadingBook } from './reading-access';
import { touchShelfRead } from '../bookshelf/shelf-updates';
import * as repo from './reading.repository';

const record = (p: repo.PositionRow): ReadingPageRecord => ({ page: p.page, font: p.font, readAt: p.readAt });

/** A page number must exist in an image book (reflow pages depend on the font and are not bounded). */
function checkPage(book: ReadingBook, field: string, page: number): void {
  const total = book.volume.pageCount;
  if (total > 0 && page >= total) throw badRequest(field, `must be less than ${total}`);
}

/**
 * §4 page sync: stores the member's position unless it is older than the stored one (409), or
 * another device's recent position is further (kept, 'behind'). An un-owned custom sample is
 * not synced ('skipped'). A conditional update, retried when another request got there first.
 */
export async function syncPage(db: Db, userId: number, book: ReadingBook, body: SyncPageBody, now: number): Promise<SyncPageResult> {
  checkPage(book, 'reading_page', body.reading_page);
  if (book.useCustomSample) {
    const stored = await repo.findPosition(db, userId, book.volume.id);
    return { status: 'skipped', readingPage: stored ? record(stored) : null };
  }
  const incoming: repo.PositionRow = {
    page: body.reading_page,
    font: book.volume.layoutType === 2 ? (body.font ?? 'medium') : null,
    // A client clock ahead of the server's cannot claim the future.
    readAt: Math.min(body.read_at ?? now, now),
    deviceId: body.device_id ?? null,
    updatedAt: now,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await repo.findPosition(db, userId, book.volume.id);
    const verdict = mergeSyncPosition(stored as SyncPosition | null, incoming);
    if (verdict === 'older') {
      throw new AppError(409, ErrorCode.SYNC_PAGE_CONFLICT, ['reading_page: older than the stored position']);
    }
    if (verdict === 'behind') return { status: 'behind', readingPage: record(stored!) };
    const next = stored && stored.updatedAt >= now ? { ...incoming, updatedAt: stored.updatedAt + 1 } : incoming;
    const written = stored
      ? await repo.replacePosition(db, userId, book.volume.id, stored, next)
      : await repo.insertPosition(db, userId, book.volume.id, next);
    if (written) {
      await touchShelfRead(db, userId, book.volume.titleId, next.readAt);
      return { status: 'accepted', readingPage: record(next) };
    }
  }
  throw new AppError(409, ErrorCode.SYNC_PAGE_CONFLICT, ['reading_page: changed by another request, retry']);
}

export async function readingPage(db: Db, userId: number, bookId: number): Promise<ReadingPageRecord | null> {
  const stored = await repo.findPosition(db, userId, bookId);
  return stored ? record(stored) : null;
}

export async function bookmarks(db: Db, userId: number, bookId: number): Promise<BookmarkList> {
  return { bookId, bookmarks: await repo.bookmarksOf(db, userId, bookId) };
}

export async function addBookmark(db: Db, userId: number, book: ReadingBook, page: number, now: number) {
  checkPage(book, 'page', page);
  await repo.addBookmark(db, userId, book.volume.id, page, now);
  return bookmarks(db, userId, book.volume.id);
}

export async function removeBookmark(db: Db, userId: number, bookId: number, page: number) {
  await repo.removeBookmark(db, userId, bookId, page);
  return bookmarks(db, userId, bookId);
}

/** §3 Viewer settings: the stored ones over the defaults (a value no longer valid falls back). */
export async function viewerSettings(db: Db, userId: number): Promise<ViewerSettings> {
  const stored = await repo.findSettings(db, userId);
  const merged = ViewerSettings.safeParse({ ...DEFAULT_VIEWER_SETTINGS, ...stored });
  return merged.success ? merged.data : DEFAULT_VIEWER_SETTINGS;
}

export async function updateViewerSettings(db: Db, userId: number, patch: ViewerSettingsPatch, now: number) {
  return db.transaction().execute(async (trx) => {
    const settings = { ...(await viewerSettings(trx, userId)), ...patch };
    await repo.saveSettings(trx, userId, settings, now);
    return settings;
  });
}

/**
 * §4 reading progress: the first read-end of an owned book is registered (once) and counted as a
 * read for the rankings; later calls change nothing. `readingPage`, when sent, must have reached
 * 90% of an image book's pages.
 */
export async function finishRead(
  db: Db,
  userId: number,
  book: ReadingBook,
  readingPageNo: number | undefined,
  now: number,
): Promise<FinishReadResult> {
  if (!book.owned) throw new AppError(403, ErrorCode.FORBIDDEN, ['book_id: not owned']);
  const total = book.volume.pageCount;
  if (readingPageNo !== undefined && total > 0) {
    checkPage(book, 'reading_page', readingPageNo);
    if (!reachedReadEnd(readingPageNo, total)) throw badRequest('reading_page', 'has not reached 90% of the pages');
  }
  const firstTime = await db.transaction().execute(async (trx) => {
    const inserted = await repo.insertReadEnd(trx, userId, book.volume.id, now);
    if (inserted) {
      await recordCatalogEvent(trx, { kind: 'read', titleId: book.volume.titleId, bookId: book.volume.id, userId, now });
    }
    return inserted;
  });
  return { bookId: book.volume.id, firstTime, reachedLastPage: true };
}

/** The volume is the latest released one of its title (no later volume on sale now). */
function isLatestReleased(book: ReadingBook, now: number): boolean {
  return !book.facts.volumes.some((v) => v.vol > book.volume.vol && statusOf(v, now) === SalesStatus.ON_SALE);
}

/**
 * §4 reading progress, moving past the last page: on the latest volume the member holds, the
 * title's newly notice goes on when they never set it (one conditional insert, so a repeat or a
 * concurrent call changes nothing). `enabled` says whether this call switched it on.
 */
export async function pastLastPage(db: Db, userId: number, book: ReadingBook, now: number): Promise<PastLastPageResult> {
  const latest = isLatestReleased(book, now);
  const enabled = newlyNoticeOnPastLastPage({ owned: book.owned, isLatestVol: latest })
    ? await enableNewlyNoticeAfterReading(db, userId, book.volume.titleId, now)
    : false;
  return { bookId: book.volume.id, titleId: book.volume.titleId, latestVolume: latest, owned: book.owned, enabled };
}
